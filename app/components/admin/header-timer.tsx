/**
 * The header's timer (ADR 0058), on every back-office page: the running timer's project and time with
 * Stop, or a link to start one. Schema-free (it is in the shell): Stop is a plain post to the Time
 * page's action, which comes back here; a long timer asks there first.
 */
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { RowActionForm } from "#app/components/admin/form-buttons.tsx";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";

const timePagePath = "/admin/time";

export type HeaderTimerData = {
  projectName: string;
  phaseName: string | null;
  /** ISO moments: when it started, and the server's now when the page was made */
  startedAt: string;
  now: string;
} | null;

/** "1:05" since `startedAt`, counted from the server's `now` and then by the browser's clock each 15 s. */
export function useElapsed(startedAt: string, now: string): string {
  const [at, setAt] = useState(() => Date.parse(now));
  useEffect(() => {
    const offset = Date.parse(now) - Date.now();
    const tick = () => setAt(Date.now() + offset);
    tick();
    const timer = window.setInterval(tick, 15_000);
    return () => window.clearInterval(timer);
  }, [now]);
  const minutes = Math.max(0, Math.floor((at - Date.parse(startedAt)) / 60_000));
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
}

export function HeaderTimer({ timer }: { timer: HeaderTimerData }) {
  const location = useLocation();
  if (!timer) {
    // on a phone the header has no room for it: the menu's Time is the way there
    return (
      <span className="max-sm:hidden">
        <Link
          to={`${timePagePath}#timer-title`}
          className={buttonClass("ghost", { size: "sm" })}
          data-header-timer="idle"
        >
          <Icon name="timer" aria-hidden className="size-4" />
          <span>Start timer</span>
        </Link>
      </span>
    );
  }
  return <RunningTimer timer={timer} returnTo={`${location.pathname}${location.search}`} />;
}

function RunningTimer({ timer, returnTo }: { timer: NonNullable<HeaderTimerData>; returnTo: string }) {
  const elapsed = useElapsed(timer.startedAt, timer.now);
  const on = timer.phaseName ? `${timer.projectName} · ${timer.phaseName}` : timer.projectName;
  return (
    <div className="flex items-center gap-1" data-header-timer="running">
      <Link
        to={timePagePath}
        className={buttonClass("ghost", { size: "sm", className: "max-w-56 tabular-nums" })}
        aria-label={`Timer running on ${on}: ${elapsed}`}
        title={on}
      >
        <Icon name="timer" aria-hidden className="size-4 text-amber-300" />
        <span className="hidden truncate lg:inline">{timer.projectName}</span>
        <span>{elapsed}</span>
      </Link>
      {/* on a phone, Stop is on the Time page the timer links to */}
      <RowActionForm
        action={timePagePath}
        intent="stop-timer"
        fields={{ return: returnTo }}
        formClassName="max-sm:hidden"
        className={buttonClass("secondary", { size: "sm" })}
        aria-label={`Stop the timer on ${on}`}
      >
        <Icon name="square" aria-hidden className="size-3.5" />
        <span>Stop</span>
      </RowActionForm>
    </div>
  );
}
