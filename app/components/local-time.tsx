import { InlineScript } from "#app/components/inline-script.tsx";

/**
 * A moment shown in the studio's zone by the server and, once the page has loaded, in the reader's zone
 * by app/browser/local-time.ts (`script`: its URL, from the route's loader).
 */
export function LocalTime({
  iso,
  studioText,
  studioZone,
  script,
}: {
  iso: string;
  studioText: string;
  studioZone: string;
  script: string;
}) {
  return (
    <>
      <time dateTime={iso} data-local-time="" data-zone={studioZone}>
        {studioText}
      </time>
      <InlineScript code={`addEventListener("load",()=>import(${JSON.stringify(script)}))`} />
    </>
  );
}
