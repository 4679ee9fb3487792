/**
 * The backup codes shown once after two-factor is turned on, with a Download (a .txt file with the
 * studio's name, a plain link: it works without JavaScript) and a Copy button (the clipboard, once the
 * page runs its script) that says "Copied" in a live region.
 */
import { useEffect, useState } from "react";
import { useStudioName } from "#app/components/admin/studio-name.ts";
import { buttonClass } from "#app/components/admin/ui.tsx";
import { Icon } from "#app/components/icons.tsx";
import { backupCodesFileName, backupCodesText, twoFactorMessages } from "#app/domain/two-factor.ts";

export function BackupCodes({ codes, doneHref }: { codes: readonly string[]; doneHref: string }) {
  const studioName = useStudioName();
  const text = backupCodesText(studioName, codes);
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }

  return (
    <>
      <ul aria-label="Backup codes" className="mt-2 grid w-fit grid-cols-2 gap-x-6 gap-y-1 font-mono text-zinc-100">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canCopy ? (
          <button type="button" onClick={copy} className={buttonClass("secondary", { size: "sm" })}>
            <Icon name="copy" aria-hidden className="size-4" />
            Copy codes
          </button>
        ) : null}
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download={backupCodesFileName(studioName)}
          className={buttonClass("secondary", { size: "sm" })}
        >
          <Icon name="download" aria-hidden className="size-4" />
          Download codes (.txt)
        </a>
        <a href={doneHref} className={buttonClass("secondary", { size: "sm" })}>
          Done
        </a>
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm font-medium text-emerald-200" data-copy-status>
        {copied === "copied"
          ? twoFactorMessages.codesCopied
          : copied === "failed"
            ? twoFactorMessages.codesNotCopied
            : ""}
      </p>
    </>
  );
}
