/**
 * The shapes only the public site draws (lucide's), by name: `<Icon name="gauge" />` finds them under
 * the site's layout (`IconShapes`), and the back office's JavaScript never carries them.
 */
import { AppWindow, ArrowRight, Clock, Gauge, type LucideIcon, PenTool, Phone, Target } from "lucide-react";

export const siteShapes = {
  "app-window": AppWindow,
  "arrow-right": ArrowRight,
  clock: Clock,
  gauge: Gauge,
  "pen-tool": PenTool,
  phone: Phone,
  target: Target,
} satisfies Record<string, LucideIcon>;

export type SiteIconName = keyof typeof siteShapes;
