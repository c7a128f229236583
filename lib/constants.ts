// Business constants and limits of spec §9 (and the few of §4/§5 that are numbers). One place, so the
// server's checks and the UI's disabled states can never disagree.

// ---------------------------------------------------------------- fields
export const PASSWORD_MIN = 6;
export const PHONE_LENGTH = 16; // masked: '(00) 0 0000-0000'
export const CEP_LENGTH = 9; // masked: '00000-000'
export const CPF_LENGTH = 11; // digits
export const CNPJ_LENGTH = 14; // digits
export const NUMBER_MAX_DIGITS = 10; // address 'Número'
/** Ids are PostgreSQL SERIAL (int4): 1 to 2^31 − 1. */
export const ID_MAX = 2_147_483_647;

// ---------------------------------------------------------------- images and blocks
export const IMAGE_DATA_URL_MAX = 16_777_216; // characters of a data URL
/** Body cap of a one-image upload (photo, logo): one data URL plus the JSON around it. */
export const SINGLE_IMAGE_BODY_MAX_BYTES = IMAGE_DATA_URL_MAX + 65_536;
/** Default of config BODY_IDLE_MS: how long a request body may stop arriving before it is answered 408. */
export const BODY_IDLE_MS = 30_000;
/**
 * Default of config BODY_MIN_RATE_BYTES_PER_S: the slowest average a request body may arrive at (64 kbit/s)
 * before 408.
 */
export const BODY_MIN_RATE_BYTES_PER_S = 8_192;
/** Default of config BODY_RATE_GRACE_MS: how long a request body may take before its rate is held to the minimum. */
export const BODY_RATE_GRACE_MS = 5_000;
/** Default of config BODY_MAX_MS: the longest a request body may take to arrive before 408. */
export const BODY_MAX_MS = 240_000;
export const MAX_BLOCK_IMAGES = 13;
/** The longest document file name kept (longer ones are cut). */
export const DOCUMENT_NAME_MAX = 255;
export const GALLERY_PER_ROW = 8;
export const ZOOM_LEVELS = 3;

// ---------------------------------------------------------------- time windows
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
export const SENT_UNDO_MINUTES = 15;
export const SENT_UNDO_MS = SENT_UNDO_MINUTES * MINUTE_MS;
export const RETURNED_DOCUMENT_DAYS = 7;
export const ACCOUNT_LIST_RETRY_MS = 500;
/** Spec §4: an account list request is retried every ACCOUNT_LIST_RETRY_MS until it succeeds (react-query options). */
export const ACCOUNT_LIST_RETRY = { retry: true, retryDelay: ACCOUNT_LIST_RETRY_MS } as const;
export const LOADING_DELAY_MS = 500;
export const PLATFORM_TRANSITION_MS = 500;
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000;
/** One polling interval for every polled call (client/busy, the sync calls); paused while the tab is hidden. */
export const POLL_INTERVAL_MS = 5_000;
/** A presence row counts while younger than three polls: one late or lost heartbeat does not free the client. */
export const PRESENCE_FRESH_MS = 3 * POLL_INTERVAL_MS;
/** A client's contabilization lease runs three polls past its last renewal (desktop sync, phone poll, a post). */
export const CONTABILIZATION_LEASE_MS = 3 * POLL_INTERVAL_MS;
/** The QR's one-time link is good for a few minutes; the desktop asks a new one before it runs out. */
export const CONTABILIZATION_LINK_MS = 5 * MINUTE_MS;
/** The phone's session, exchanged once for the link: a working day at most, revocable. */
export const CONTABILIZATION_SESSION_MS = 12 * 60 * MINUTE_MS;
/** A categorization claim lasts three polls: renewed by every block sync, released on leaving. */
export const CATEGORIZATION_CLAIM_MS = 3 * POLL_INTERVAL_MS;
/** 'Reportar problema': the longest Observação the server keeps. */
export const PENDENCY_OBSERVATIONS_MAX = 1_000;
/** The longest reason a devolve may carry (/api/block/devolve). */
export const DEVOLVE_REASON_MAX = 500;

// ---------------------------------------------------------------- lists
export const LAST_CONTABILIZED = 3;
export const OPERATOR_NAME_MAX = 25;
export const OPERATOR_SELECT_MAX = 7;
export const CATEGORIZATION_AVATARS_MAX = 7;
export const YEAR_SELECT_OPTIONS = 5;
export const SELECTABLE_YEAR_FIRST = 2020;
// The spec's last selectable year (2025) was "now" when it was written: the year selects run from
// SELECTABLE_YEAR_FIRST to the current year (selectableYears in lib/format/dates.ts).

// ---------------------------------------------------------------- product
export const NOT_SHOW_AGAIN_COOKIE = "notShowAgainNextDialog";

// ---------------------------------------------------------------- pendencies
export const ISSUE_LABELS: Readonly<Record<number, string>> = {
  0: "Baixa qualidade das fotos/documentos",
  1: "Documentos não compatíveis",
  2: "Bloco incompleto",
};
export const ISSUE_UNKNOWN = "Desconhecido";
export const ISSUE_CODES = [0, 1, 2] as const;

/** The label of a pendency issue code; any code outside the table reads 'Desconhecido' (spec §3). */
export function issueLabel(issue: number): string {
  return ISSUE_LABELS[issue] ?? ISSUE_UNKNOWN;
}

// ---------------------------------------------------------------- layout
export const CLIENT_GRID_MIN_COLUMN_PX = 300;

/** Key of the uncategorised blocks in the year → month → account map (what `obj[null]` gives in JS). */
export const UNCATEGORIZED_KEY = "null";
