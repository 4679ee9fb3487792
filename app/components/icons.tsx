/**
 * The one icon system: every icon the product draws is a name in `icons` (lucide's shapes) and is
 * drawn with `<Icon name="…" />`. Inside the back office's shell, the icons of lists and their rows
 * are in the page once, as `<symbol>`s of `IconSprite`, and each use is a small `<svg><use/></svg>`:
 * a list of 25 rows with four actions each does not carry 100 copies of the paths. Elsewhere (the
 * public site, client pages, sign-in) and for the other icons, `Icon` draws the shape in place.
 * The public site's own shapes are in components/site/icons.ts. `npm run lint:answers` refuses
 * lucide-react imported anywhere else.
 */

import {
  Archive,
  ArrowDown,
  ArrowLeft,
  ArrowUp,
  Ban,
  Bell,
  CalendarCheck,
  ChartColumn,
  Check,
  CheckCircle2,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  Copy,
  Download,
  ExternalLink,
  Eye,
  EyeOff,
  FileDown,
  FileMinus,
  FileOutput,
  FilePen,
  FilePlus,
  FilePlus2,
  FileSignature,
  FileText,
  FolderKanban,
  Home,
  Images,
  ImageUp,
  Inbox,
  KeyRound,
  LayoutDashboard,
  Link2,
  Link2Off,
  ListRestart,
  Loader2,
  Lock,
  LogOut,
  type LucideIcon,
  Mail,
  Menu,
  MessageSquareQuote,
  MinusCircle,
  PanelLeft,
  Pencil,
  Plus,
  Printer,
  RefreshCw,
  Repeat,
  ScrollText,
  Search,
  Send,
  Settings,
  ShieldCheck,
  ShieldOff,
  Square,
  Tags,
  Timer,
  Trash2,
  UserCheck,
  UserCog,
  Users,
  Workflow,
  X,
  XCircle,
} from "lucide-react";
import { createContext, type ReactNode, use } from "react";
import { cx } from "#app/components/admin/ui.tsx";
import type { SiteIconName } from "#app/components/site/icons.ts";

const icons = {
  archive: Archive,
  "arrow-down": ArrowDown,
  "arrow-left": ArrowLeft,
  "arrow-up": ArrowUp,
  ban: Ban,
  bell: Bell,
  "calendar-check": CalendarCheck,
  "chart-column": ChartColumn,
  check: Check,
  "check-circle-2": CheckCircle2,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  "circle-alert": CircleAlert,
  "circle-check": CircleCheck,
  copy: Copy,
  download: Download,
  "external-link": ExternalLink,
  eye: Eye,
  "eye-off": EyeOff,
  "file-down": FileDown,
  "file-minus": FileMinus,
  "file-output": FileOutput,
  "file-pen": FilePen,
  "file-plus": FilePlus,
  "file-plus-2": FilePlus2,
  "file-signature": FileSignature,
  "file-text": FileText,
  "folder-kanban": FolderKanban,
  home: Home,
  "image-up": ImageUp,
  images: Images,
  inbox: Inbox,
  "key-round": KeyRound,
  "layout-dashboard": LayoutDashboard,
  "link-2": Link2,
  "link-2-off": Link2Off,
  "list-restart": ListRestart,
  "loader-2": Loader2,
  lock: Lock,
  "log-out": LogOut,
  mail: Mail,
  menu: Menu,
  "message-square-quote": MessageSquareQuote,
  "minus-circle": MinusCircle,
  "panel-left": PanelLeft,
  pencil: Pencil,
  plus: Plus,
  printer: Printer,
  "refresh-cw": RefreshCw,
  repeat: Repeat,
  "scroll-text": ScrollText,
  search: Search,
  send: Send,
  settings: Settings,
  "shield-check": ShieldCheck,
  "shield-off": ShieldOff,
  square: Square,
  tags: Tags,
  timer: Timer,
  "trash-2": Trash2,
  "user-check": UserCheck,
  "user-cog": UserCog,
  workflow: Workflow,
  users: Users,
  x: X,
  xcircle: XCircle,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

/** The icons drawn once per page in the back office (`IconSprite`), used by reference. */
const spriteNames = [
  "arrow-left",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "download",
  "eye",
  "file-plus-2",
  "file-text",
  "layout-dashboard",
  "pencil",
  "plus",
  "refresh-cw",
  "search",
  "send",
  "x",
] as const satisfies readonly IconName[];
const inSprite = new Set<IconName>(spriteNames);
const symbolId = (name: IconName) => `icon-${name}`;
const SpriteOnPage = createContext(false);
const MoreShapes = createContext<Partial<Record<string, LucideIcon>>>({});

/**
 * Shapes only the public site draws (its pages are not hydrated): its layout provides them, so they
 * stay out of the back office's JavaScript.
 */
export function IconShapes({ shapes, children }: { shapes: Record<string, LucideIcon>; children: ReactNode }) {
  return <MoreShapes value={shapes}>{children}</MoreShapes>;
}

/** The sprite's symbols, once per page, and the pages below it using them by reference. Invisible. */
export function IconSprite({ children }: { children: ReactNode }) {
  return (
    <SpriteOnPage value={true}>
      <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
        {spriteNames.map((name) => {
          const Shape = icons[name];
          return (
            <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
              <Shape />
            </symbol>
          );
        })}
      </svg>
      {children}
    </SpriteOnPage>
  );
}

/** A decorative icon (hidden from assistive technology: the control beside it carries the words). */
export function Icon({
  name,
  className,
}: {
  name: IconName | SiteIconName;
  className?: string;
  "aria-hidden"?: boolean | "true";
}) {
  const sprite = use(SpriteOnPage);
  const more = use(MoreShapes);
  if (!(name in icons)) {
    const Shape = more[name];
    if (!Shape) throw new Error(`No icon named "${name}" here: a site icon is drawn under the site's layout`);
    return <Shape aria-hidden="true" className={className} />;
  }
  if (sprite && inSprite.has(name as IconName)) {
    return (
      <svg aria-hidden="true" className={cx("icon", className)}>
        <use href={`#${symbolId(name as IconName)}`} />
      </svg>
    );
  }
  const Shape = icons[name as IconName];
  return <Shape aria-hidden="true" className={className} />;
}
