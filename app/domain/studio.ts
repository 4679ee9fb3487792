/**
 * The built-in studio identity, used until the owner saves business settings
 * (and by the printable invoice view when there are none).
 */
export type StudioIdentity = {
  businessName: string;
  /** short name for "About {shortName}" */
  shortName: string;
  contactName: string;
  email: string;
  phoneNumber: string | null;
  address: string | null;
  website: string | null;
};

export const defaultStudio: StudioIdentity = {
  businessName: "Studio Web Development",
  shortName: "Studio",
  contactName: "Studio Owner",
  email: "hello@studio.test",
  phoneNumber: "(555) 010-4242",
  address: null,
  website: null,
};

export const studioDescription =
  "A small web-development studio that dreams, designs and develops custom websites and web applications for small businesses: functionality and purpose over design alone.";

/** tel: link target from a displayed phone number */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
