import { describe, expect, it } from 'vitest';
import { cellText } from '../ui/DataTable.tsx';
import { columnOf, displayValue } from './ResourceViews.tsx';

describe('a resource field as a list cell', () => {
  it('shows a money field as the read models show money: through yen, in lists, CSV and history alike', () => {
    const wage = { name: 'wage', label: { ja: '給与（円）', en: 'Pay (yen)' }, kind: 'number', required: false, cell: 'money' as const };
    expect(columnOf(wage).type).toBe('money');
    expect(displayValue('ja', wage, 1300)).toBe('¥1,300');
    expect(displayValue('en', wage, 1300)).toBe(cellText('en', { name: 'pay', label: wage.label, type: 'money' }, 1300));
  });

  it('keeps a plain number a number', () => {
    const headcount = { name: 'headcount', label: { ja: '募集人数', en: 'Headcount' }, kind: 'number', required: true };
    expect(displayValue('en', headcount, 1300)).toBe('1,300');
  });
});
