import { describe, expect, it } from 'vitest';
import {
  answerMessages,
  answerProblem,
  answersRequest,
  answerText,
  draftsOf,
  questionsById,
  questionsFor,
  questionsOf,
  type Question,
  type QuestionKind,
} from './questions';

const question = (kind: QuestionKind, extra: Partial<Question> = {}): Question => ({
  id: kind,
  label: kind,
  kind,
  options: [],
  required: false,
  ticketTypes: ['developer'],
  help: null,
  ...extra,
});

const countries = new Set(['DE', 'US']);
const problem = (asked: Question, draft: string | string[]) => answerProblem(asked, draft, countries);

describe('questions from the config', () => {
  it('reads them once per config, and picks those of a ticket type and a ticket', () => {
    const config = {
      questions: [
        { ...question('text'), id: 'company', ticketTypes: ['developer', 'vip'] },
        { ...question('yes_no'), id: 'dinner', ticketTypes: ['vip'] },
      ],
    };
    const questions = questionsOf(config);
    expect(questionsOf(config)).toBe(questions);
    expect(questionsOf({})).toEqual([]);
    expect(questionsFor(questions, 'developer').map((asked) => asked.id)).toEqual(['company']);
    expect(questionsById(questions, ['dinner', 'gone', 'company']).map((asked) => asked.id)).toEqual([
      'dinner',
      'company',
    ]);
  });

  it('refuses a question of a kind it does not know', () => {
    expect(() => questionsOf({ questions: [{ ...question('text'), kind: 'colour' }] })).toThrow();
  });
});

describe('checking an answer as the server does', () => {
  it('asks for an answer to a required question, whatever its kind', () => {
    for (const kind of ['text', 'choice', 'yes_no', 'country', 'date'] as const) {
      expect(problem(question(kind, { required: true }), '  ')).toBe(answerMessages.required);
      expect(problem(question(kind), '  ')).toBeUndefined();
    }
    expect(problem(question('multiple_choice', { required: true }), [])).toBe(answerMessages.required);
  });

  it('counts text in characters once trimmed', () => {
    expect(problem(question('text'), ` ${'é'.repeat(200)} `)).toBeUndefined();
    expect(problem(question('text'), 'x'.repeat(201))).toBe(answerMessages.text);
    expect(problem(question('long_text'), '😀'.repeat(2000))).toBeUndefined();
    expect(problem(question('long_text'), 'x'.repeat(2001))).toBe(answerMessages.long_text);
  });

  it('takes only the options, each once', () => {
    const size = question('choice', { options: ['S', 'M'] });
    expect(problem(size, 'M')).toBeUndefined();
    expect(problem(size, 'XL')).toBe(answerMessages.choice);
    const topics = question('multiple_choice', { options: ['AI', 'Web'] });
    expect(problem(topics, ['Web', 'AI'])).toBeUndefined();
    expect(problem(topics, ['AI', 'AI'])).toBe(answerMessages.multiple_choice);
    expect(problem(topics, ['Blockchain'])).toBe(answerMessages.multiple_choice);
  });

  it('takes a country of the list, a phone number and a real date', () => {
    expect(problem(question('country'), 'de')).toBeUndefined();
    expect(problem(question('country'), 'XX')).toBe(answerMessages.country);
    expect(problem(question('phone'), '+1 (305) 555-0100')).toBeUndefined();
    expect(problem(question('phone'), '+1 (305)')).toBe(answerMessages.phone);
    expect(problem(question('phone'), '0305 555 0100 ext. 5')).toBe(answerMessages.phone);
    expect(problem(question('date'), '2026-02-28')).toBeUndefined();
    expect(problem(question('date'), '2026-02-30')).toBe(answerMessages.date);
    expect(problem(question('date'), '28/02/2026')).toBe(answerMessages.date);
  });
});

describe('answers in a form and on the wire', () => {
  const asked = [
    question('text'),
    question('yes_no'),
    question('multiple_choice', { options: ['AI', 'Web'] }),
    question('country'),
  ];

  it('starts a form from the answers given, and sends back the answered ones only', () => {
    const drafts = draftsOf(asked, { yes_no: false, multiple_choice: ['Web'] });
    expect(drafts).toEqual({ text: '', yes_no: 'no', multiple_choice: ['Web'], country: '' });
    expect(answersRequest(asked, { ...drafts, text: '  Acme ', country: 'de' })).toEqual({
      text: 'Acme',
      yes_no: false,
      multiple_choice: ['Web'],
      country: 'DE',
    });
    expect(answersRequest(asked, draftsOf(asked))).toEqual({});
  });

  it('reads an answer as people do', () => {
    const countryName = (code: string) => (code === 'DE' ? 'Germany' : undefined);
    expect(answerText(question('country'), 'DE', countryName)).toBe('Germany');
    expect(answerText(question('text'), 'DE', countryName)).toBe('DE');
    expect(answerText(question('yes_no'), true, countryName)).toBe('Yes');
    expect(answerText(question('multiple_choice'), ['AI', 'Web'], countryName)).toBe('AI, Web');
  });
});
