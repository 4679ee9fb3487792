/**
 * The back office's icon sprite: each icon's drawing is in the page once, as a `<symbol>` in
 * `IconSprite` (rendered by the admin shell), and every use of it is a small `<svg><use/></svg>`
 * (`Icon`), so a list of 25 rows with four actions each does not carry 100 copies of the paths.
 * The shapes are lucide's: each symbol holds the lucide component as it renders.
 */
import {
  ArrowLeft,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Download,
  Eye,
  FilePlus2,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Pencil,
  Plus,
  RefreshCw,
  Search,
  Send,
  X,
} from "lucide-react";
import { cx } from "#app/components/admin/ui.tsx";

const icons = {
  "arrow-left": ArrowLeft,
  "chevron-down": ChevronDown,
  "chevron-left": ChevronLeft,
  "chevron-right": ChevronRight,
  download: Download,
  eye: Eye,
  "file-plus": FilePlus2,
  "file-text": FileText,
  "layout-dashboard": LayoutDashboard,
  pencil: Pencil,
  plus: Plus,
  "refresh-cw": RefreshCw,
  search: Search,
  send: Send,
  x: X,
} satisfies Record<string, LucideIcon>;

type IconName = keyof typeof icons;

const symbolId = (name: IconName) => `icon-${name}`;

/** Every icon's symbol, once per page; `Icon` refers to them. Invisible and out of the layout. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
      {(Object.entries(icons) as [IconName, LucideIcon][]).map(([name, Shape]) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <Shape />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon (hidden from assistive technology: the control beside it carries the words). */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cx("icon", className)}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
