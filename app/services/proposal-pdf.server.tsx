/**
 * The proposal's PDF (Letter), with @react-pdf/renderer and the documents' shared pieces: the
 * renderer with its fonts, the page look, the studio's identity and logo, and the process-wide cap
 * on renders (app/services/document-pdf-file.server.ts). A signed proposal ends with its signature
 * certificate: the typed name, the drawn signature (the small PNG stored when it was signed, embedded
 * as it is; never fetched), when, from where, which version and its SHA-256, and the choice.
 * Imported on first use only (the signing service and /p/{token}/pdf), so no page loads it.
 */
import type { Queryable } from "#app/db/client.server.ts";
import { type OptionView, type ProposalDocument, proposalDocument } from "#app/domain/proposal-document.ts";
import { signaturePngBytes } from "#app/domain/signature.ts";
import { getStudioIdentity, studioTimeZone } from "#app/models/business-settings.server.ts";
import type { ProposalDetail } from "#app/models/proposals.server.ts";
import { getStudioLogo } from "#app/models/studio-logo.server.ts";
import { limitPdfRender } from "#app/services/document-pdf-file.server.ts";
import { loadRenderer, type PdfLogo, pdfHeader, pdfTheme } from "#app/services/document-pdf-renderer.server.tsx";
import { logoForPdf, signatureForPdf } from "#app/services/logo-image.server.ts";

/** The proposal's PDF bytes (BusyError when no render slot frees up in time). */
export async function renderProposalPdf(
  db: Queryable,
  proposal: ProposalDetail,
  options: { maxWaitMs?: number } = {},
): Promise<Uint8Array> {
  const [studio, storedLogo, timeZone] = await Promise.all([
    getStudioIdentity(db),
    getStudioLogo(db),
    studioTimeZone(db),
  ]);
  const doc = proposalDocument(proposal, studio, timeZone);
  return limitPdfRender(async () => {
    const [logo, signature] = await Promise.all([
      logoForPdf(storedLogo),
      doc.signature ? signatureForPdf(signaturePngBytes(proposal.signatureImage)) : Promise.resolve(null),
    ]);
    return new Uint8Array(await renderLayout(doc, logo, signature, Boolean(proposal.signatureImage)));
  }, options);
}

async function renderLayout(
  doc: ProposalDocument,
  logo: PdfLogo | null,
  signature: PdfLogo | null,
  signatureDrawn: boolean,
): Promise<Buffer> {
  const pdf = await loadRenderer();
  const { Document, Image, Page, Text, View, StyleSheet, renderToBuffer } = pdf;
  const { padding, ink, muted, rule, bodySize } = pdfTheme;
  const s = StyleSheet.create({
    page: { padding, fontFamily: "Inter", fontSize: bodySize, color: ink, lineHeight: 1.35 },
    small: { fontSize: 9, color: muted },
    heading: { fontSize: 24, fontWeight: 700, letterSpacing: 1, lineHeight: 1.2 },
    number: { fontSize: 12, color: muted },
    blockTitle: { fontSize: 9, fontWeight: 700, color: muted, marginBottom: 4, marginTop: 14 },
    title: { fontSize: 16, fontWeight: 700, marginTop: 14 },
    strong: { fontWeight: 700 },
    option: { borderWidth: 0.5, borderColor: rule, padding: 8, marginBottom: 6 },
    chosen: { borderWidth: 2, borderColor: ink },
    optionHead: { flexDirection: "row", justifyContent: "space-between", marginBottom: 2 },
    line: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 1 },
    lineText: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 8 },
    amount: { flexShrink: 0, textAlign: "right" },
    agreement: { borderWidth: 0.5, borderColor: rule, padding: 8 },
    record: { flexDirection: "row", paddingVertical: 3, borderBottomWidth: 0.5, borderBottomColor: rule },
    recordLabel: { width: 130, flexShrink: 0, color: muted },
    recordValue: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
    signature: { width: 240, height: 80, objectFit: "contain" },
  });

  const option = (view: OptionView) => (
    <View key={view.id} style={view.chosen ? [s.option, s.chosen] : s.option} wrap={false}>
      <View style={s.optionHead}>
        <Text style={[s.lineText, s.strong]}>
          {view.chosen ? "[CHOSEN] " : ""}
          {view.name}
        </Text>
        <Text style={[s.amount, s.strong]}>{view.total}</Text>
      </View>
      {view.description ? <Text style={s.small}>{view.description}</Text> : null}
      {view.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are in their stored order
        <View key={index} style={s.line}>
          <Text style={s.lineText}>
            {line.description} ({line.quantity} x {line.unitPrice})
          </Text>
          <Text style={s.amount}>{line.total}</Text>
        </View>
      ))}
    </View>
  );

  const record = (label: string, value: string, small = false) => (
    <View key={label} style={s.record} wrap={false}>
      <Text style={s.recordLabel}>{label}</Text>
      <Text style={small ? [s.recordValue, { fontSize: 8 }] : s.recordValue}>{value}</Text>
    </View>
  );

  const signed = doc.signature;
  const element = (
    <Document
      title={`${doc.heading} ${doc.number}`}
      author={doc.studio.name}
      creator={doc.studio.name}
      producer="Studio"
    >
      <Page size="LETTER" style={s.page}>
        {pdfHeader(pdf, { logo, studio: doc.studio, title: doc.heading, numbers: [doc.number, doc.version] })}

        <Text style={s.blockTitle}>PREPARED FOR</Text>
        {doc.customerLines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed order
          <Text key={index} style={index === 0 ? s.strong : undefined}>
            {line}
          </Text>
        ))}

        <Text style={s.title}>{doc.title}</Text>
        {doc.introduction ? <Text style={{ marginTop: 6 }}>{doc.introduction}</Text> : null}
        {doc.scope ? (
          <>
            <Text style={s.blockTitle}>SCOPE</Text>
            <Text>{doc.scope}</Text>
          </>
        ) : null}

        <Text style={s.blockTitle}>PACKAGES (CHOOSE ONE)</Text>
        {doc.tiers.map(option)}
        {doc.addons.length > 0 ? (
          <>
            <Text style={s.blockTitle}>ADD-ONS (OPTIONAL)</Text>
            {doc.addons.map(option)}
          </>
        ) : null}
        <Text style={s.small}>
          Tax rate: {doc.taxRate}%. Deposit on signing: {doc.depositTerms}.
        </Text>
        {signed ? (
          <View style={{ marginTop: 8 }} wrap={false}>
            {record("Chosen", [signed.tier, ...signed.addons].join(" + "))}
            {record("Total", signed.total)}
            {record("Deposit", signed.deposit)}
          </View>
        ) : null}

        <Text style={s.blockTitle}>AGREEMENT</Text>
        <View style={s.agreement}>
          <Text>{doc.agreement}</Text>
        </View>
        <Text style={[s.small, { marginTop: 10 }]}>Valid until {doc.validUntil}.</Text>
      </Page>

      {signed ? (
        <Page size="LETTER" style={s.page}>
          <Text style={s.heading}>Signature certificate</Text>
          <Text style={[s.number, { marginBottom: 16 }]}>
            {doc.number}, {doc.version}
          </Text>
          {record("Signed by (typed name)", signed.signerName)}
          <View style={s.record} wrap={false}>
            <Text style={s.recordLabel}>Drawn signature</Text>
            {signature ? (
              <Image style={s.signature} src={{ data: Buffer.from(signature.data), format: "png" }} />
            ) : (
              <Text style={s.recordValue}>
                {signatureDrawn ? "Drawn, but the image could not be read" : "None (typed name only)"}
              </Text>
            )}
          </View>
          {record("Signed at (UTC)", signed.signedAtIso)}
          {record("Signed at (studio time)", signed.signedAtStudio)}
          {record("IP address", signed.ip)}
          {record("Browser", signed.userAgent)}
          {record("Document version", String(signed.version))}
          {record("Document hash (SHA-256)", signed.contentHash, true)}
          {record("Package", signed.tier)}
          {record("Add-ons", signed.addons.length > 0 ? signed.addons.join(", ") : "None")}
          {record("Total", signed.total)}
          {record("Deposit", signed.deposit)}
          <Text style={[s.small, { marginTop: 14 }]}>
            The hash is the SHA-256 of the proposal's text as the signer read it (version {signed.version}); any change
            to the proposal changes it.
          </Text>
        </Page>
      ) : null}
    </Document>
  );
  return renderToBuffer(element);
}
