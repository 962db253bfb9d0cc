import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The mails in an outbox folder (DATA_DIR/mail) addressed to `to`, oldest first. Only files whose
 * text holds `to` are parsed (an address is never encoded in a header): the journeys' outbox grows
 * to hundreds of mails, and parsing them all took seconds of CPU at every poll.
 */
export async function mailsTo(outbox: string, to: string): Promise<ParsedMail[]> {
  if (!existsSync(outbox)) return [];
  const files = (await readdir(outbox)).filter((file) => file.endsWith('.eml')).sort();
  const raws = await Promise.all(files.map((file) => readFile(path.join(outbox, file))));
  const mails = await Promise.all(raws.filter((raw) => raw.includes(to)).map((raw) => simpleParser(raw)));
  return mails.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((address) => address?.text.includes(to)));
}

/** The first link in a mail's text that contains `fragment`. */
export function linkIn(mail: ParsedMail, fragment: string): string {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(fragment));
  if (!link) throw new Error(`No link with ${fragment} in "${mail.subject}"`);
  return link;
}
