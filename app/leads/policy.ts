// The leads' rules that need no database (issue 48): the statuses and sources, which services can be asked
// about, the windows of de-duplication and spam retention, phone numbers, and the CSV export's cells.
// Unit-tested in tests/unit/leads-policy.test.ts.
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";
import { queryInteger, safeText } from "../lib/validation";
import { SERVICE_KEYS, type ServiceKey } from "./services";

export const LEAD_STATUSES = ["new", "contacted", "qualified", "won", "lost", "spam"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const isLeadStatus = (value: unknown): value is LeadStatus =>
  (LEAD_STATUSES as readonly unknown[]).includes(value);

/** The board's columns (issue 48, item 2): every status, spam only when asked for. */
export function boardStatuses(withSpam: boolean): LeadStatus[] {
  return LEAD_STATUSES.filter((status) => withSpam || status !== "spam");
}

/** The newest this many leads of each status are the board's cards; the inbox lists them all. */
export const BOARD_COLUMN_SIZE = 50;

/** Where an enquiry came from: `consultation` is a booking (app/consultations/); `newsletter` a confirmed sign-up (decision 068). */
export const LEAD_SOURCES = ["contact", "service", "course", "consultation", "newsletter"] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_EVENT_KINDS = [
  "message",
  "status",
  "note",
  "reply",
  "owner",
  "follow_up",
  "booking",
  "newsletter",
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export const isServiceKey = (value: unknown): value is ServiceKey =>
  (SERVICE_KEYS as readonly unknown[]).includes(value);

/** A message from the same address within this many days of its last one adds to that lead. */
export const DEDUP_DAYS = 90;
/** Leads marked spam are deleted this long after their last change (the sweep, app/maintenance/sweep.server.ts). */
export const SPAM_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a lead last written to at `lastMessageAt` still takes a new message from the same address. */
export function withinDedupWindow(lastMessageAt: Date, now: Date): boolean {
  return now.getTime() - lastMessageAt.getTime() <= DEDUP_DAYS * DAY_MS;
}

export function spamCutoff(now: Date): Date {
  return new Date(now.getTime() - SPAM_RETENTION_DAYS * DAY_MS);
}

/**
 * A phone number as people type it, in E.164 (`+966501234567`), or null when it is not a possible number.
 * Numbers without a country code are read as Saudi Arabia's, the agency's default market (decision 063).
 */
export function normalizePhone(raw: string): string | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  const international = trimmed.startsWith("00") ? `+${trimmed.slice(2)}` : trimmed;
  const parsed = parsePhoneNumberFromString(international, "SA");
  if (!parsed?.isValid()) return null;
  return parsed.number;
}

/** An optional phone field: empty is no phone; anything else must be a valid number, stored in E.164. */
/** A phone number's shape as typed (digits, Arabic-Indic too, spaces, +, (), - and .), stated in the API document. */
const PHONE_SHAPE = /^$|^\s*\+?\(?[0-9\u0660-\u0669\u06f0-\u06f9][0-9\u0660-\u0669\u06f0-\u06f9\s().-]{5,}$/;

export function phoneNumber(error: string) {
  return safeText({ max: 40, error })
    .regex(PHONE_SHAPE, { error })
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === "") return undefined;
      const normalized = normalizePhone(value);
      if (normalized === null) {
        context.addIssue({ code: "custom", message: error });
        return z.NEVER;
      }
      return normalized;
    });
}

/** An optional short text field (company): empty is absent. */
export function optionalLine(max: number, error: string) {
  return safeText({ max, error })
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : undefined));
}

/** A date the inbox works with: years 2000 to 2199 (PostgreSQL refuses year 0, and nothing else is meant). */
export const withinYears = (value: string): boolean => /^2[01]\d\d-/.test(value);

/** The inbox's filters (the page's query and `GET /api/admin/leads`). Spam shows only when asked for. */
export const LeadListQuery = z.object({
  status: z.enum(LEAD_STATUSES).optional(),
  source: z.enum(LEAD_SOURCES).optional(),
  owner: z.uuid().optional(),
  service: z.enum(SERVICE_KEYS).optional(),
  q: safeText({ max: 100, error: "errors.formInvalid" }).optional(),
  from: z.iso.date().refine(withinYears).optional(),
  to: z.iso.date().refine(withinYears).optional(),
  limit: queryInteger(1, 100).default(50),
  offset: queryInteger(0, 1_000_000).default(0),
});
export type LeadListQuery = z.infer<typeof LeadListQuery>;

/** One CSV cell (RFC 4180), with a formula's first character neutralised for spreadsheets (OWASP). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV file: UTF-8 with a byte-order mark (so spreadsheet programs read Arabic right), CRLF lines. */
export function csvDocument(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
