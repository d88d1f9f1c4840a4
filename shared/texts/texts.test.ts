import { describe, expect, it } from 'vitest';
import { TEXTS, TEXT_PARTS, drawProblem, msg, msgText, textProblems, type Problem, type TextKey } from './index.ts';

describe('the whole catalogue (browser part and server parts)', () => {
  it.each(Object.keys(TEXTS) as TextKey[])('%s reads in both languages with the same placeholders', (key) => {
    expect(textProblems(TEXTS[key])).toEqual([]);
  });

  it('keeps each key in one part only (a spread would let the later part win in silence)', () => {
    const seen = new Map<string, string>();
    for (const [part, entries] of Object.entries(TEXT_PARTS)) {
      for (const key of Object.keys(entries)) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${part}`).toBeUndefined();
        seen.set(key, part);
      }
    }
    expect(seen.size).toBe(Object.keys(TEXTS).length);
  });

  it('draws a browser message the same as shared/messages.ts does', () => {
    expect(msg('en', 'notice.shiftsAdded', { count: 3 })).toBe('Added 3 shift(s).');
    expect(msgText('notice.shiftsAdded', { count: 2 })).toEqual({ ja: '2件のシフトを追加しました。', en: 'Added 2 shift(s).' });
  });

  it("draws a logged problem in the reader's language: its reasons inside it, data with both languages on the reader's side, an older plain sentence as it was", () => {
    const p: Problem = {
      key: 'log.sync.attendance',
      params: {
        label: { ja: '5月1日 倉庫内作業', en: '' },
        reason: { key: 'log.romuten.gaveUp', params: { call: 'POST /v1/attendance', reason: { key: 'log.romuten.timeout', params: { ms: 200 } }, tries: 4 } },
      },
    };
    expect(drawProblem('ja', p)).toBe('勤怠「5月1日 倉庫内作業」: POST /v1/attendance: 200ミリ秒以内に応答がありませんでした（4回試しました）');
    expect(drawProblem('en', p)).toBe('attendance 5月1日 倉庫内作業: POST /v1/attendance: no answer within 200 ms (tried 4 times)');
    expect(drawProblem('ja', 'worker X: HTTP 500')).toBe('worker X: HTTP 500');
    expect(drawProblem('ja', { key: 'log.gone' as TextKey })).toBe('log.gone');
  });
});
