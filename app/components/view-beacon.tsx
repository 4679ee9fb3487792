/**
 * The view beacon's hook on a client page (ADR 0034): a hidden marker the public script reads, and
 * the script itself (a module from this site: the CSP's 'self'). Without JavaScript nothing is sent.
 */
export type ViewBeaconData = { script: string; endpoint: string; kind: string; token: string; stamp: string };

export function ViewBeacon({ beacon }: { beacon: ViewBeaconData }) {
  return (
    <>
      <div
        hidden
        data-view-beacon={beacon.endpoint}
        data-kind={beacon.kind}
        data-token={beacon.token}
        data-stamp={beacon.stamp}
      />
      {/* a module script runs once the page is parsed (not `async`: React would move it to the head) */}
      <script type="module" src={beacon.script} />
    </>
  );
}
