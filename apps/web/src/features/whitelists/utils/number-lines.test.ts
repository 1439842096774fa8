import { describe, expect, it } from 'vitest';
import { checkNumbers, numberFieldOf, numberItems, numbersOfText, withoutSentValue } from './number-lines';

describe('number lines', () => {
  it('reads one number a line, or several separated by commas, with the line of each', () => {
    expect(numberItems('+91 98765 43210\n\n98765-43211, 098765 43212 ;5912345678901\n')).toEqual([
      { line: 1, index: 0, value: '+91 98765 43210' },
      { line: 3, index: 1, value: '98765-43211' },
      { line: 3, index: 2, value: '098765 43212' },
      { line: 3, index: 3, value: '5912345678901' },
    ]);
  });

  it('sends the stored form of each number, and says which lines the shared rules refuse', () => {
    const text = '+91 98765 43210\n12345\n5876543210';
    expect(numbersOfText(text)).toEqual(['+919876543210', '12345', '5876543210']);
    const { numbers, problems } = checkNumbers(numberItems(text));
    expect(numbers).toEqual(['+919876543210']);
    expect(problems.map((p) => [p.line, p.value])).toEqual([
      [2, '12345'],
      [3, '5876543210'],
    ]);
    expect(problems[1]!.message).toBe('Indian mobile numbers start with 6, 7, 8 or 9');
  });

  it('places the server’s refusals: an item by its index, the whole list on the box', () => {
    expect(numberFieldOf('numbers', 'numbers.2')).toBe('numbersRefused.2');
    expect(numberFieldOf('numbers', 'body.numbers.0')).toBe('numbersRefused.0');
    expect(numberFieldOf('numbers', 'numbers')).toBe('numbers');
    expect(numberFieldOf('numbers', 'name')).toBeNull();
    expect(withoutSentValue('Only Indian numbers (+91) and 13-digit M2M numbers can be whitelisted (+14155550100)', '+14155550100')).toBe(
      'Only Indian numbers (+91) and 13-digit M2M numbers can be whitelisted',
    );
  });
});
