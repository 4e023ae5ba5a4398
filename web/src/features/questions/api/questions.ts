import { z } from 'zod/mini';

// The event file's questions for attendees (GET /api/config `questions`), the answers the server
// takes for them, and the same checks the server makes, so a mistake shows by its field before sending.

export const questionKinds = [
  'text',
  'long_text',
  'choice',
  'multiple_choice',
  'yes_no',
  'country',
  'phone',
  'date',
] as const;

export type QuestionKind = (typeof questionKinds)[number];

const questionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(questionKinds),
  /** The choices of `choice` and `multiple_choice`, in the event file's order; empty for the other kinds. */
  options: z._default(z.array(z.string()), () => []),
  required: z.boolean(),
  /** The ticket types it is asked for. */
  ticketTypes: z.array(z.string()),
  help: z.optional(z.nullable(z.string())),
});

export type Question = z.infer<typeof questionSchema>;

const questionListSchema = z.array(questionSchema);

/** An answer as the server stores and sends it: text, a yes/no, or the options chosen. */
export const answerValueSchema = z.union([z.string(), z.boolean(), z.array(z.string())]);

export type AnswerValue = z.infer<typeof answerValueSchema>;

/** Answers by question id; a question without an answer is left out. */
export type Answers = Record<string, AnswerValue>;

const parsed = new WeakMap<object, Question[]>();

/** The questions of a site config, read once per config (the same list each time, for memoized forms). */
export function questionsOf(config: { questions?: unknown }): Question[] {
  let questions = parsed.get(config);
  if (!questions) {
    questions = questionListSchema.parse(config.questions ?? []);
    parsed.set(config, questions);
  }
  return questions;
}

/** The questions asked for a ticket type, in the event file's order. */
export function questionsFor(questions: Question[], ticketType: string): Question[] {
  return questions.filter((question) => question.ticketTypes.includes(ticketType));
}

/** The questions named by `ids` (a ticket's, in its order); ids the config does not know are skipped. */
export function questionsById(questions: Question[], ids: string[]): Question[] {
  return ids.flatMap((id) => questions.find((question) => question.id === id) ?? []);
}

/**
 * An answer as a form holds it: the options ticked for `multiple_choice`, otherwise text
 * ('yes' or 'no' for `yes_no`); blank text or nothing ticked is no answer.
 */
export type AnswerDraft = string | string[];

export type AnswerDrafts = Record<string, AnswerDraft>;

/** The form's starting value for a question, from the answer given so far. */
export function draftOf(question: Question, value: AnswerValue | undefined): AnswerDraft {
  if (question.kind === 'multiple_choice') return Array.isArray(value) ? value : [];
  if (question.kind === 'yes_no') return value === true ? 'yes' : value === false ? 'no' : '';
  return typeof value === 'string' ? value : '';
}

export function draftsOf(questions: Question[], answers: Answers = {}): AnswerDrafts {
  return Object.fromEntries(questions.map((question) => [question.id, draftOf(question, answers[question.id])]));
}

/** The answer the server takes for a draft; undefined when the draft is no answer. */
export function answerOf(question: Question, draft: AnswerDraft | undefined): AnswerValue | undefined {
  if (Array.isArray(draft)) return draft.length > 0 ? draft : undefined;
  const text = (draft ?? '').trim();
  if (text === '') return undefined;
  if (question.kind === 'yes_no') return text === 'yes';
  return question.kind === 'country' ? text.toUpperCase() : text;
}

/** The answers as the create call and the tickets page send them: answered questions only. */
export function answersRequest(questions: Question[], drafts: AnswerDrafts): Answers {
  const answers: Answers = {};
  for (const question of questions) {
    const answer = answerOf(question, drafts[question.id]);
    if (answer !== undefined) answers[question.id] = answer;
  }
  return answers;
}

/** The form field of a question's answer; the server names it the same in `fieldErrors`. */
export const answerField = (id: string) => `answers.${id}` as const;

/** Whether a server's `fieldErrors` key names the answer to one of `questions`, such as `answers.diet`. */
export function isAnswerField(name: string, questions: Question[]): name is `answers.${string}` {
  return questions.some((question) => answerField(question.id) === name);
}

export const answerMessages = {
  required: 'Please answer this question.',
  text: 'Please answer in at most 200 characters.',
  long_text: 'Please answer in at most 2,000 characters.',
  choice: 'Choose one of the options.',
  multiple_choice: 'Choose from the options.',
  country: 'Choose a country from the list.',
  phone: 'Enter a phone number: 6 to 20 digits, spaces and + - ( ).',
  date: 'Enter a date as YYYY-MM-DD.',
} as const;

// Lengths count characters, as the server's `chars().count()` does, not UTF-16 units.
const length = (text: string) => [...text].length;

function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const isPhone = (text: string) => /^[0-9 +()-]{6,20}$/.test(text) && (text.match(/\d/g)?.length ?? 0) >= 6;

/** Why an answer cannot be taken, in the words the field shows; undefined when it can. */
export function answerProblem(
  question: Question,
  draft: AnswerDraft | undefined,
  countries: ReadonlySet<string> | undefined,
): string | undefined {
  const answer = answerOf(question, draft);
  if (answer === undefined) return question.required ? answerMessages.required : undefined;
  switch (question.kind) {
    case 'text':
      return length(answer as string) > 200 ? answerMessages.text : undefined;
    case 'long_text':
      return length(answer as string) > 2000 ? answerMessages.long_text : undefined;
    case 'choice':
      return question.options.includes(answer as string) ? undefined : answerMessages.choice;
    case 'multiple_choice': {
      const chosen = answer as string[];
      const valid =
        chosen.every((option) => question.options.includes(option)) && new Set(chosen).size === chosen.length;
      return valid ? undefined : answerMessages.multiple_choice;
    }
    case 'country':
      return countries?.has(answer as string) ? undefined : answerMessages.country;
    case 'phone':
      return isPhone(answer as string) ? undefined : answerMessages.phone;
    case 'date':
      return isRealDate(answer as string) ? undefined : answerMessages.date;
    case 'yes_no':
      return undefined;
  }
}

function draftSchema(question: Question, countries: ReadonlySet<string> | undefined) {
  const check = <T extends AnswerDraft>() =>
    z.superRefine<T>((draft, context) => {
      const message = answerProblem(question, draft, countries);
      if (message) context.issues.push({ code: 'custom', message, input: draft });
    });
  return question.kind === 'multiple_choice'
    ? z.array(z.string()).check(check<string[]>())
    : z.string().check(check<string>());
}

/** The answers' part of a form's schema: one field per question, checked as the server checks it. */
export function answersSchema(questions: Question[], countries: ReadonlySet<string> | undefined) {
  return z.object(Object.fromEntries(questions.map((question) => [question.id, draftSchema(question, countries)])));
}

/** An answer as people read it: the option, the options joined, Yes or No, the country's name, the date as given. */
export function answerText(
  question: Question,
  value: AnswerValue,
  countryName: (code: string) => string | undefined,
): string {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return question.kind === 'country' ? (countryName(value) ?? value) : value;
}
