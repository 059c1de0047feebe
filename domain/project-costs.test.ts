import { describe, expect, it } from 'vitest';
import { parseMinorUnits, budgetStanding, checkCostLine, checkCurrency, COST_MESSAGES, costsCsv, csvCell, formatMinorUnits, MAX_COST_LINE_TOTAL, totalCosts } from './project-costs.js';

describe('currencies', () => {
  it('knows ISO 4217 codes whatever their case, and nothing else', () => {
    expect(checkCurrency(' usd ')).toBe('USD');
    expect(checkCurrency('XYZ')).toBeNull();
    expect(checkCurrency('toString')).toBeNull();
  });

  it('writes minor units in the currency’s decimals', () => {
    expect(formatMinorUnits(1234, 'USD')).toBe('12.34');
    expect(formatMinorUnits(5, 'USD')).toBe('0.05');
    expect(formatMinorUnits(1234, 'JPY')).toBe('1234');
    expect(formatMinorUnits(5, 'KWD')).toBe('0.005');
    expect(formatMinorUnits(-250, 'EUR')).toBe('-2.50');
    expect(formatMinorUnits(0, 'EUR')).toBe('0.00');
  });

  it('reads typed amounts as minor units without floats', () => {
    expect(parseMinorUnits('12.34', 'USD')).toBe(1234);
    expect(parseMinorUnits('0.29', 'USD')).toBe(29);
    expect(parseMinorUnits('1,200.5', 'USD')).toBe(120050);
    expect(parseMinorUnits('12', 'USD')).toBe(1200);
    expect(parseMinorUnits('1234', 'JPY')).toBe(1234);
    expect(parseMinorUnits('12.5', 'JPY')).toBeNull();
    expect(parseMinorUnits('1.234', 'KWD')).toBe(1234);
    expect(parseMinorUnits('-1', 'USD')).toBeNull();
    expect(parseMinorUnits('abc', 'USD')).toBeNull();
  });
});

describe('cost lines', () => {
  it('takes whole amounts and quantities whose product stays exact', () => {
    expect(checkCostLine(100, 1)).toBeNull();
    expect(checkCostLine(1.5, 1)).toBe(COST_MESSAGES.amountInvalid);
    expect(checkCostLine(100, 0)).toBe(COST_MESSAGES.quantityInvalid);
    expect(checkCostLine(MAX_COST_LINE_TOTAL, 1)).toBeNull();
    expect(checkCostLine(MAX_COST_LINE_TOTAL, 2)).toBe(COST_MESSAGES.lineTooLarge);
  });

  it('totals each currency apart and the budget against its own currency', () => {
    const totals = totalCosts([
      { category: 'travel', amount: 100, quantity: 2, currency: 'USD', paid: true },
      { category: 'crew', amount: 50, quantity: 1, currency: 'USD', paid: false },
      { category: 'crew', amount: 900, quantity: 1, currency: 'EUR', paid: false },
    ]);
    expect(totals).toEqual([
      { currency: 'EUR', total: 900, paid: 0, categories: [{ category: 'crew', total: 900 }] },
      { currency: 'USD', total: 250, paid: 200, categories: [{ category: 'crew', total: 50 }, { category: 'travel', total: 200 }] },
    ]);
    expect(budgetStanding({ amount: 200, currency: 'USD' }, totals)).toEqual({ amount: 200, currency: 'USD', actual: 250, remaining: -50 });
    expect(budgetStanding({ amount: 200, currency: 'JPY' }, totals)).toEqual({ amount: 200, currency: 'JPY', actual: 0, remaining: 200 });
  });
});

describe('the CSV', () => {
  it('quotes what needs it and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const lead of ['=', '+', '-', '@', '\t']) expect(csvCell(`${lead}1`).startsWith(`'${lead}`) || csvCell(`${lead}1`).startsWith(`"'${lead}`)).toBe(true);
    expect(csvCell(-5)).toBe('-5');
    expect(costsCsv([{ category: 'other', description: 'Tip', amount: 150, quantity: 2, currency: 'USD', paid: false, paidTo: '' }])).toBe('Category,Description,Quantity,Unit amount,Total,Currency,Paid to,Paid\r\nOther,Tip,2,1.50,3.00,USD,,No\r\n');
  });
});
