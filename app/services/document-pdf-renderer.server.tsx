/**
 * The invoice PDF (Letter), rendered on the server with @react-pdf/renderer from the same
 * `InvoiceDocument` as the printable view. The renderer is imported on first use only, and this
 * module is itself imported lazily by the PDF route, so no other page ever loads it. The Inter
 * fonts (TrueType, made from @fontsource/inter by scripts/make-fonts.ts; SIL OFL) are bundled into this module and the logo comes only from the
 * bytes stored in business settings: rendering never touches the network. The renderer inflates
 * every image it is given, so the logo is first re-encoded within its pixel cap and box (or left
 * out) by `logoForPdf`.
 */
import inter400 from "#app/assets/fonts/inter-400.ttf?inline";
import inter700 from "#app/assets/fonts/inter-700.ttf?inline";
import { type InvoiceDocument, printTexts } from "#app/domain/invoice-document.ts";
import type { LogoImage as PdfLogo } from "#app/domain/logo.ts";
import { logoForPdf } from "#app/services/logo-image.server.ts";

type ReactPdf = typeof import("@react-pdf/renderer");

let loading: Promise<ReactPdf> | null = null;

/** @react-pdf/renderer with the Inter fonts registered (the proposal PDF shares it). */
export function loadRenderer(): Promise<ReactPdf> {
  loading ??= import("@react-pdf/renderer").then((pdf) => {
    pdf.Font.register({
      family: "Inter",
      fonts: [
        { src: inter400, fontWeight: 400 },
        { src: inter700, fontWeight: 700 },
      ],
    });
    // words are never split with a hyphen (numbers, emails, names)
    pdf.Font.registerHyphenationCallback((word) => [word]);
    return pdf;
  });
  return loading;
}

/** The logo (or a drawn signature) as a PDF takes it: re-encoded bytes within the pixel cap. */
export type { PdfLogo };

/** The documents' page look, shared with the proposal PDF: 20 mm margins (in points), ink, type size. */
export const pdfTheme = {
  padding: (20 / 25.4) * 72,
  ink: "#18181b",
  muted: "#52525b",
  rule: "#d4d4d8",
  bodySize: 10,
} as const;
const { padding, ink, muted, rule, bodySize } = pdfTheme;

/**
 * A column wide enough for its widest value on one line (an upper bound for Inter at `fontSize`:
 * its widest digit is under 0.62 em), never less than `least`: the amount and quantity columns
 * hold $9,999,999,999.99 without running into each other, and the description keeps the rest.
 */
function columnWidth(values: string[], least: number, fontSize = bodySize): number {
  const longest = Math.max(0, ...values.map((value) => value.length));
  return Math.max(least, Math.ceil(longest * fontSize * 0.62) + 4);
}

/** A QR code's dark modules as one SVG path (one unit a module). */
function qrPath(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return parts.join("");
}

/**
 * The head of every document PDF (invoices, estimates, credit notes, proposals): the studio's logo,
 * name and lines on the left; the document's title and its numbers on the right.
 */
export function pdfHeader(
  pdf: ReactPdf,
  head: { logo: PdfLogo | null; studio: { name: string; lines: readonly string[] }; title: string; numbers: string[] },
) {
  const { Image, Text, View, StyleSheet } = pdf;
  const s = StyleSheet.create({
    header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 24 },
    studio: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 16 },
    titleBlock: { flexShrink: 0 },
    logo: { width: 120, maxHeight: 60, objectFit: "contain", marginBottom: 6 },
    studioName: { fontSize: 14, fontWeight: 700 },
    small: { fontSize: 9, color: muted },
    title: { fontSize: 24, fontWeight: 700, textAlign: "right", letterSpacing: 1, lineHeight: 1.2, marginBottom: 2 },
    number: { fontSize: 12, textAlign: "right", color: muted },
  });
  const { logo, studio } = head;
  return (
    <View style={s.header}>
      <View style={s.studio}>
        {logo ? (
          <Image
            style={s.logo}
            src={{ data: Buffer.from(logo.data), format: logo.mimeType === "image/png" ? "png" : "jpg" }}
          />
        ) : null}
        <Text style={s.studioName}>{studio.name}</Text>
        {studio.lines.map((line) => (
          <Text key={line} style={s.small}>
            {line}
          </Text>
        ))}
      </View>
      <View style={s.titleBlock}>
        <Text style={s.title}>{head.title}</Text>
        {head.numbers.map((number) => (
          <Text key={number} style={s.number}>
            {number}
          </Text>
        ))}
      </View>
    </View>
  );
}

/**
 * The client's link as a QR code (ADR 0035): its modules (uqr), the address it opens, and its label,
 * which says what the page offers (to pay online only when online payment is on).
 */
export type PdfQrCode = { url: string; modules: boolean[][]; label: string };

/** The EPC payment code (ADR 0054): its modules, drawn beside the bank details it carries. */
export type PdfEpcCode = { modules: boolean[][] };

const epcCodeLabel = "Scan in your banking app to pay by transfer";

export async function renderDocumentPdfLayout(
  doc: InvoiceDocument,
  storedLogo: PdfLogo | null = null,
  qr: PdfQrCode | null = null,
  epc: PdfEpcCode | null = null,
): Promise<Buffer> {
  const [pdf, logo] = await Promise.all([loadRenderer(), logoForPdf(storedLogo)]);
  const { Document, Page, Path, Svg, Text, View, StyleSheet, renderToBuffer } = pdf;
  const [descriptionHeader, quantityHeader, priceHeader, totalHeader] = printTexts.columns;
  const quantityWidth = columnWidth([quantityHeader, ...doc.lines.map((line) => line.quantity)], 50);
  const priceWidth = columnWidth([priceHeader, ...doc.lines.map((line) => line.unitPrice)], 80);
  const totalWidth = columnWidth([totalHeader, ...doc.lines.map((line) => line.total)], 80);
  const s = StyleSheet.create({
    page: { padding, fontFamily: "Inter", fontSize: bodySize, color: ink, lineHeight: 1.35 },
    small: { fontSize: 9, color: muted },
    columns: { flexDirection: "row", justifyContent: "space-between", marginBottom: 20 },
    billTo: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 16 },
    detailsBlock: { flexShrink: 0 },
    blockTitle: { fontSize: 9, fontWeight: 700, color: muted, marginBottom: 4 },
    strong: { fontWeight: 700 },
    detailRow: { flexDirection: "row", justifyContent: "flex-end" },
    detailLabel: { width: 70, color: muted, textAlign: "right", marginRight: 8 },
    detailValue: { width: 80, textAlign: "right" },
    tableHead: {
      flexDirection: "row",
      borderBottomWidth: 1,
      borderBottomColor: ink,
      paddingBottom: 4,
      marginBottom: 2,
      fontWeight: 700,
    },
    row: { flexDirection: "row", borderBottomWidth: 0.5, borderBottomColor: rule, paddingVertical: 5 },
    description: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 8 },
    qty: { width: quantityWidth, flexShrink: 0, textAlign: "right" },
    price: { width: priceWidth, flexShrink: 0, paddingLeft: 4, textAlign: "right" },
    total: { width: totalWidth, flexShrink: 0, paddingLeft: 4, textAlign: "right" },
    totals: { alignSelf: "flex-end", width: 240, marginTop: 12 },
    totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
    totalLabel: { flexShrink: 1, paddingRight: 8 },
    totalValue: { flexShrink: 0, textAlign: "right" },
    grandTotal: { borderTopWidth: 1, borderTopColor: ink, marginTop: 4, paddingTop: 4, fontWeight: 700, fontSize: 12 },
    section: { marginTop: 18 },
    voidNotice: {
      marginTop: 12,
      padding: 6,
      borderWidth: 2,
      borderColor: "#b91c1c",
      color: "#b91c1c",
      fontSize: 14,
      fontWeight: 700,
      letterSpacing: 2,
      textAlign: "center",
    },
    payBlock: { flexDirection: "row", justifyContent: "space-between", marginTop: 18, gap: 16 },
    payText: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
    qrBlock: { flexShrink: 0, alignItems: "center", width: 96 },
    footer: { marginTop: 28, borderTopWidth: 0.5, borderTopColor: rule, paddingTop: 10, textAlign: "center" },
  });

  const element = (
    <Document title={`${doc.title} ${doc.number}`} author={doc.studio.name} creator={doc.studio.name} producer="Studio">
      <Page size="LETTER" style={s.page}>
        {pdfHeader(pdf, { logo, studio: doc.studio, title: doc.title, numbers: [doc.number] })}

        {doc.voidNotice ? <Text style={s.voidNotice}>{doc.voidNotice}</Text> : null}

        <View style={s.columns}>
          <View style={s.billTo}>
            <Text style={s.blockTitle}>{doc.billTo.heading}</Text>
            {doc.billTo.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
              <Text key={index} style={index === 0 ? s.strong : undefined}>
                {line}
              </Text>
            ))}
          </View>
          <View style={s.detailsBlock}>
            <Text style={[s.blockTitle, { textAlign: "right" }]}>{doc.detailsHeading}</Text>
            {doc.details.map((detail) => (
              <View key={detail.label} style={s.detailRow}>
                <Text style={s.detailLabel}>{detail.label}:</Text>
                <Text style={s.detailValue}>{detail.value}</Text>
              </View>
            ))}
          </View>
        </View>

        <View style={s.tableHead} fixed>
          <Text style={s.description}>{descriptionHeader}</Text>
          <Text style={s.qty}>{quantityHeader}</Text>
          <Text style={s.price}>{priceHeader}</Text>
          <Text style={s.total}>{totalHeader}</Text>
        </View>
        {doc.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are in their stored order
          <View key={index} style={s.row} wrap={false}>
            <Text style={s.description}>{line.description}</Text>
            <Text style={s.qty}>{line.quantity}</Text>
            <Text style={s.price}>{line.unitPrice}</Text>
            <Text style={s.total}>{line.total}</Text>
          </View>
        ))}

        <View style={s.totals} wrap={false}>
          {doc.totals.map((row) => (
            <View key={row.label} style={row.strong ? [s.totalRow, s.grandTotal] : s.totalRow}>
              <Text style={s.totalLabel}>{row.label}</Text>
              <Text style={s.totalValue}>{row.value}</Text>
            </View>
          ))}
        </View>

        {doc.contract ? (
          <View style={s.totals} wrap={false}>
            <Text style={s.blockTitle}>{doc.contract.heading}</Text>
            {doc.contract.rows.map((row) => (
              <View key={row.label} style={s.totalRow}>
                <Text style={s.totalLabel}>{row.label}</Text>
                <Text style={s.totalValue}>{row.value}</Text>
              </View>
            ))}
          </View>
        ) : null}

        {doc.terms ? (
          <View style={s.section} wrap={false}>
            <Text style={s.blockTitle}>{doc.termsHeading}</Text>
            <Text>{doc.terms}</Text>
          </View>
        ) : null}
        {doc.notes ? (
          <View style={s.section}>
            <Text style={s.blockTitle}>{printTexts.notes}</Text>
            <Text>{doc.notes}</Text>
          </View>
        ) : null}

        {doc.bankTransfer || qr || epc ? (
          <View style={s.payBlock} wrap={false}>
            <View style={s.payText}>
              {doc.bankTransfer ? (
                <>
                  <Text style={s.blockTitle}>{doc.bankTransfer.heading}</Text>
                  {doc.bankTransfer.lines.map((line) => (
                    <Text key={line}>{line}</Text>
                  ))}
                </>
              ) : null}
            </View>
            {epc ? (
              <View style={s.qrBlock}>
                {/* a quiet zone of 4 modules around the code, as readers expect */}
                <Svg
                  width={88}
                  height={88}
                  viewBox={`-4 -4 ${(epc.modules.length || 1) + 8} ${(epc.modules.length || 1) + 8}`}
                >
                  <Path d={qrPath(epc.modules)} fill={ink} />
                </Svg>
                <Text style={[s.small, { textAlign: "center" }]}>{epcCodeLabel}</Text>
              </View>
            ) : null}
            {qr ? (
              <View style={s.qrBlock}>
                <Svg
                  width={88}
                  height={88}
                  viewBox={`-4 -4 ${(qr.modules.length || 1) + 8} ${(qr.modules.length || 1) + 8}`}
                >
                  <Path d={qrPath(qr.modules)} fill={ink} />
                </Svg>
                <Text style={[s.small, { textAlign: "center" }]}>{qr.label}</Text>
              </View>
            ) : null}
          </View>
        ) : null}

        <View style={s.footer} wrap={false}>
          <Text style={s.strong}>{doc.thanks}</Text>
          <Text style={s.small}>{doc.contact}</Text>
        </View>
      </Page>
      {doc.timesheet ? (
        <Page size="LETTER" style={s.page}>
          <Text style={[s.strong, { fontSize: 14, marginBottom: 4 }]}>{doc.timesheet.heading}</Text>
          <Text style={[s.small, { marginBottom: 12 }]}>
            {doc.title} {doc.number}
          </Text>
          <View style={s.tableHead} fixed>
            <Text style={{ width: 78 }}>{doc.timesheet.columns[0]}</Text>
            <Text style={{ width: 100, paddingRight: 6 }}>{doc.timesheet.columns[1]}</Text>
            <Text style={s.description}>{doc.timesheet.columns[2]}</Text>
            <Text style={{ width: 56, textAlign: "right" }}>{doc.timesheet.columns[3]}</Text>
          </View>
          {doc.timesheet.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are in their day's order
            <View key={index} style={s.row} wrap={false}>
              <Text style={{ width: 78 }}>{row.day}</Text>
              <Text style={{ width: 100, paddingRight: 6 }}>{row.person}</Text>
              <Text style={s.description}>{row.work}</Text>
              <Text style={{ width: 56, textAlign: "right" }}>{row.hours}</Text>
            </View>
          ))}
          <Text style={[s.strong, { marginTop: 8, textAlign: "right" }]}>{doc.timesheet.total}</Text>
        </Page>
      ) : null}
    </Document>
  );
  return renderToBuffer(element);
}
