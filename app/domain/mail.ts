/** What a message says; who it goes to is decided by the sender. Plain text: user input is never HTML here. */
export type MailMessageContent = { subject: string; text: string };
