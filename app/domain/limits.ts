/**
 * Field lengths. The contact form's limits are fixed; the rest
 * are this product's own, chosen so that no text a person types can grow
 * without bound. The database enforces every one (check constraints), and the
 * form schemas use the same numbers.
 */
export const limits = {
  firstName: 50,
  lastName: 50,
  /** first + " " + last */
  fullName: 101,
  email: 255,
  phoneMin: 10,
  phoneMax: 20,
  businessName: 100,
  url: 500,
  message: 2000,
  notes: 5000,
  personName: 200,
  projectName: 200,
  projectType: 100,
  address: 500,
  taxId: 50,
  subject: 200,
  lineDescription: 500,
  longText: 5000,
  invoiceNumber: 32,
  numberPrefix: 10,
  /** a payment's note */
  paymentNote: 500,
  /** a payment method's stored value (enums.ts paymentMethods) */
  paymentMethod: 20,
  /** an IANA time zone name (e.g. America/Argentina/ComodRivadavia) */
  timeZone: 64,
  /** why a document was voided, revised or credited */
  changeReason: 500,
  /** a proposal's package or add-on name */
  optionName: 200,
  /** a proposal's agreement text */
  agreement: 20000,
  /** a contract installment's label ("Deposit", "Design approved") */
  installmentLabel: 200,
  /** the id of a project's pricing phase (an installment due when it is approved) */
  phaseId: 64,
  /** at most this many installments in a contract's schedule */
  installments: 24,
} as const;

/** "Notes must be less than 5000 characters" (the wording for every length limit). */
export function tooLong(label: string, max: number): string {
  return `${label} must be less than ${max} characters`;
}
