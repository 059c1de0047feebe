/**
 * A project's costs and budget (docs/product.md §Projects): line items in a currency's minor
 * units (cents, yen, fils), never floats, and totals kept apart per currency, never converted.
 * Server and client read the same rules, so a form checks what the server will.
 */

export const COST_CATEGORIES = ['crew', 'talent', 'equipment', 'location', 'travel', 'post_production', 'licensing', 'other'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

export const COST_CATEGORY_LABELS: Readonly<Record<CostCategory, string>> = {
  crew: 'Crew',
  talent: 'Talent',
  equipment: 'Equipment',
  location: 'Location',
  travel: 'Travel',
  post_production: 'Post-production',
  licensing: 'Licensing',
  other: 'Other',
};

/**
 * The currencies a cost or budget may be in, with the number of decimal places of their minor
 * unit (ISO 4217): 1234 in USD is 12.34, in JPY 1234, in KWD 1.234. A short list of the
 * currencies productions pay in; adding one is a line here.
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, 0 | 2 | 3>> = {
  AED: 2, ARS: 2, AUD: 2, BHD: 3, BRL: 2, CAD: 2, CHF: 2, CLP: 0, CNY: 2, COP: 2, CZK: 2, DKK: 2, EGP: 2, EUR: 2, GBP: 2, HKD: 2, HUF: 2, IDR: 2, ILS: 2, INR: 2,
  ISK: 0, JOD: 3, JPY: 0, KES: 2, KRW: 0, KWD: 3, MAD: 2, MXN: 2, MYR: 2, NGN: 2, NOK: 2, NZD: 2, OMR: 3, PEN: 2, PHP: 2, PLN: 2, QAR: 2, RON: 2, SAR: 2, SEK: 2,
  SGD: 2, THB: 2, TND: 3, TRY: 2, TWD: 2, UAH: 2, USD: 2, VND: 0, ZAR: 2,
};

export const MAX_COST_DESCRIPTION_LENGTH = 200;
export const MAX_COST_VENDOR_NAME_LENGTH = 120;
export const MAX_COST_QUANTITY = 100_000;
/**
 * One line (amount × quantity) is at most 10^12 minor units and a project holds at most
 * MAX_COSTS_PER_PROJECT lines, so every total stays below 2^53 and is exact as a JSON number.
 */
export const MAX_COST_LINE_TOTAL = 1_000_000_000_000;
export const MAX_COSTS_PER_PROJECT = 1000;
export const MAX_BUDGET_AMOUNT = 1_000_000_000_000_000;

export const COST_MESSAGES = {
  costNotFound: 'Cost not found',
  descriptionRequired: 'Describe the cost.',
  descriptionTooLong: `A cost’s description can be at most ${MAX_COST_DESCRIPTION_LENGTH} characters.`,
  currencyUnknown: 'Use a currency’s three-letter ISO 4217 code, such as USD or EUR.',
  amountInvalid: 'An amount is a whole number of the currency’s smallest unit (cents for USD), 0 or more.',
  quantityInvalid: `A quantity is a whole number from 1 to ${MAX_COST_QUANTITY.toLocaleString('en-US')}.`,
  lineTooLarge: 'That cost is too large: split it into several lines.',
  budgetInvalid: 'A budget is a whole number of the currency’s smallest unit (cents for USD), 0 or more.',
  budgetNeedsCurrency: 'Give the budget’s amount and currency together.',
  onePayee: 'A cost is paid to a collaborator or to a vendor, not both.',
  vendorNameTooLong: `A vendor’s name can be at most ${MAX_COST_VENDOR_NAME_LENGTH} characters.`,
  payeeNotInProject: 'That collaborator is not in this project.',
  tooManyCosts: `A project can hold at most ${MAX_COSTS_PER_PROJECT.toLocaleString('en-US')} costs.`,
} as const;

/** The currency's code as stored (upper case), or null when it is not one we know. */
export function checkCurrency(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return Object.hasOwn(CURRENCY_EXPONENTS, code) ? code : null;
}

/** Decimal places of a known currency's minor unit. */
export function currencyExponent(code: string): number {
  const exponent = CURRENCY_EXPONENTS[code];
  if (exponent === undefined) throw new RangeError(`Unknown currency ${code}`);
  return exponent;
}

/** The description as stored (spaces tidied), or the message saying why it cannot be one. */
export function checkCostDescription(raw: string): { description: string } | { error: string } {
  const description = raw.trim().replace(/\s+/g, ' ');
  if (description.length === 0) return { error: COST_MESSAGES.descriptionRequired };
  if (description.length > MAX_COST_DESCRIPTION_LENGTH) return { error: COST_MESSAGES.descriptionTooLong };
  return { description };
}

/** Why an amount and quantity cannot make a cost line, or null when they can. */
export function checkCostLine(amount: number, quantity: number): string | null {
  if (!Number.isSafeInteger(amount) || amount < 0) return COST_MESSAGES.amountInvalid;
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_COST_QUANTITY) return COST_MESSAGES.quantityInvalid;
  if (amount * quantity > MAX_COST_LINE_TOTAL) return COST_MESSAGES.lineTooLarge;
  return null;
}

/**
 * Minor units as a plain decimal string in the currency's exponent: 1234 USD → "12.34",
 * 1234 JPY → "1234", 5 KWD → "0.005", -250 EUR → "-2.50". No grouping and no symbol, so a
 * spreadsheet reads it as a number whatever its locale's grouping.
 */
export function formatMinorUnits(amount: number, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount));
  if (exponent === 0) return `${sign}${digits}`;
  const padded = digits.padStart(exponent + 1, '0');
  return `${sign}${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`;
}

/**
 * What someone typed ("12.34", "1,200.5", "1200") as whole minor units of the currency, or null
 * when it is not an amount in it (more decimals than the currency has, a sign, letters). Worked
 * out on the digits, never through a float, so 0.29 USD is 29 and not 28.999….
 */
export function parseMinorUnits(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim().replace(/[,\s]/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return null;
  const value = Number(`${match[1]}${fraction.padEnd(exponent, '0')}`);
  return Number.isSafeInteger(value) ? value : null;
}

/** A cost as the totals and the export need it. */
export interface CostLine {
  category: CostCategory;
  amount: number;
  quantity: number;
  currency: string;
  paid: boolean;
}

export interface CurrencyTotal {
  currency: string;
  /** Sum of amount × quantity, in minor units. */
  total: number;
  /** The part already paid. */
  paid: number;
  /** Per category, in COST_CATEGORIES order, only categories with costs. */
  categories: Array<{ category: CostCategory; total: number }>;
}

/**
 * Totals per currency (alphabetical) and, within each, per category. Currencies are never
 * converted into one another: a rate would be a guess, and the budget is in one currency.
 */
export function totalCosts(lines: readonly CostLine[]): CurrencyTotal[] {
  const byCurrency = new Map<string, { total: number; paid: number; categories: Map<CostCategory, number> }>();
  for (const line of lines) {
    let entry = byCurrency.get(line.currency);
    if (!entry) byCurrency.set(line.currency, (entry = { total: 0, paid: 0, categories: new Map() }));
    const lineTotal = line.amount * line.quantity;
    entry.total += lineTotal;
    if (line.paid) entry.paid += lineTotal;
    entry.categories.set(line.category, (entry.categories.get(line.category) ?? 0) + lineTotal);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, entry]) => ({
      currency,
      total: entry.total,
      paid: entry.paid,
      categories: COST_CATEGORIES.filter((category) => entry.categories.has(category)).map((category) => ({ category, total: entry.categories.get(category)! })),
    }));
}

export interface BudgetStanding {
  amount: number;
  currency: string;
  /** Costs in the budget's currency; costs in other currencies are not part of it. */
  actual: number;
  /** amount − actual: negative when over budget. */
  remaining: number;
}

/** The budget against the costs in its own currency. */
export function budgetStanding(budget: { amount: number; currency: string }, totals: readonly CurrencyTotal[]): BudgetStanding {
  const actual = totals.find((total) => total.currency === budget.currency)?.total ?? 0;
  return { amount: budget.amount, currency: budget.currency, actual, remaining: budget.amount - actual };
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text a
 * spreadsheet would run as a formula (= + - @, tab or carriage return first) gets a leading
 * apostrophe (OWASP's advice on CSV injection): descriptions and vendor names are free text.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const COST_CSV_HEADER = ['Category', 'Description', 'Quantity', 'Unit amount', 'Total', 'Currency', 'Paid to', 'Paid'] as const;

export interface CostCsvRow extends CostLine {
  description: string;
  /** A collaborator's name, or the vendor's; empty when nobody is named. */
  paidTo: string;
}

/** The export: a header and one line per cost, CRLF line ends as RFC 4180 has them. */
export function costsCsv(rows: readonly CostCsvRow[]): string {
  const lines = [COST_CSV_HEADER.map(csvCell).join(',')];
  for (const row of rows) {
    lines.push(
      [COST_CATEGORY_LABELS[row.category], row.description, row.quantity, formatMinorUnits(row.amount, row.currency), formatMinorUnits(row.amount * row.quantity, row.currency), row.currency, row.paidTo, row.paid ? 'Yes' : 'No']
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
