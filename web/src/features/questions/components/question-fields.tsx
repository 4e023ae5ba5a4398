import { useFormContext, type ControllerRenderProps } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import type { CountriesQuery } from '@/lib/api/countries';
import { answerField, type AnswerDrafts, type Question } from '../api/questions';

type AnswersForm = { answers: AnswerDrafts };
type AnswerField = ControllerRenderProps<AnswersForm, `answers.${string}`>;

/** Up to this many options a single choice is a row of radio buttons, every option in sight; past it, a select. */
const MOST_RADIOS = 6;

const radioClasses = 'size-4 shrink-0 cursor-pointer accent-secondary disabled:cursor-not-allowed';

/**
 * The fields of `questions`, in a form whose values have `answers` (so the server's errors keyed
 * `answers.diet` land by their field). `countries` is the form's list of GET /api/countries, for
 * questions of the country kind.
 */
export function QuestionFields({ questions, countries }: { questions: Question[]; countries: CountriesQuery }) {
  return (
    <div className="grid gap-6">
      {questions.some((question) => question.required) && (
        <p className="text-sm text-muted-foreground">
          Questions marked <span className="text-destructive">*</span> need an answer.
        </p>
      )}
      {questions.map((question) => (
        <QuestionField key={question.id} question={question} countries={countries} />
      ))}
    </div>
  );
}

function QuestionField({ question, countries }: { question: Question; countries: CountriesQuery }) {
  const { control } = useFormContext<AnswersForm>();
  const grouped =
    question.kind === 'yes_no' ||
    question.kind === 'multiple_choice' ||
    (question.kind === 'choice' && question.options.length <= MOST_RADIOS);
  return (
    <FormField
      control={control}
      name={answerField(question.id)}
      render={({ field }) => (
        <FormItem hasDescription={Boolean(question.help)}>
          {grouped ? (
            <FormControl>
              <fieldset
                className="min-w-0"
                // a radio group can say it needs an answer; a group of checkboxes says it in its legend
                role={question.kind === 'multiple_choice' ? undefined : 'radiogroup'}
                aria-required={question.kind !== 'multiple_choice' && question.required ? true : undefined}
              >
                <legend className="mb-3 text-sm leading-none font-medium">
                  {question.label}
                  <RequiredMark required={question.required} spoken={question.kind === 'multiple_choice'} />
                </legend>
                {question.kind === 'multiple_choice' ? (
                  <Checkboxes question={question} field={field} />
                ) : (
                  <Radios question={question} field={field} />
                )}
              </fieldset>
            </FormControl>
          ) : (
            <>
              <FormLabel>
                {question.label}
                <RequiredMark required={question.required} />
              </FormLabel>
              <FormControl>
                <SingleControl question={question} field={field} countries={countries} />
              </FormControl>
            </>
          )}
          {question.help && <FormDescription>{question.help}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** A visible star; `spoken` also says it to screen readers, where the control cannot carry aria-required. */
function RequiredMark({ required, spoken = false }: { required: boolean; spoken?: boolean }) {
  if (!required) return null;
  return (
    <>
      {' '}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
      {spoken && <span className="sr-only">(required)</span>}
    </>
  );
}

/** One control with the field's label: a text box, a text area, a phone number, a date or a select. */
function SingleControl({
  question,
  field,
  countries,
  ...slot
}: {
  question: Question;
  field: AnswerField;
  countries: CountriesQuery;
}) {
  const common = {
    ...slot,
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    value: typeof field.value === 'string' ? field.value : '',
    'aria-required': question.required || undefined,
  };
  const onChange = (event: { target: { value: string } }) => field.onChange(event.target.value);
  switch (question.kind) {
    case 'long_text':
      return <Textarea rows={3} {...common} onChange={onChange} />;
    case 'phone':
      return <Input type="tel" inputMode="tel" autoComplete="tel" {...common} onChange={onChange} />;
    case 'date':
      return <Input type="date" {...common} onChange={onChange} />;
    case 'country':
      return (
        <NativeSelect {...common} onChange={onChange} disabled={!countries.data}>
          {countries.data ? (
            <>
              <option value="">{question.required ? 'Choose a country' : 'No answer'}</option>
              {countries.data.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </>
          ) : (
            <option value="">{countries.isError ? 'Countries unavailable' : 'Loading countries…'}</option>
          )}
        </NativeSelect>
      );
    case 'choice':
      return (
        <NativeSelect {...common} onChange={onChange}>
          <option value="">{question.required ? 'Choose one' : 'No answer'}</option>
          {question.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </NativeSelect>
      );
    default:
      return <Input autoComplete="off" {...common} onChange={onChange} />;
  }
}

/** One of the options, or Yes or No; a question that needs no answer can go back to none. */
function Radios({ question, field }: { question: Question; field: AnswerField }) {
  const choices: [value: string, label: string][] =
    question.kind === 'yes_no'
      ? [
          ['yes', 'Yes'],
          ['no', 'No'],
        ]
      : question.options.map((option) => [option, option]);
  if (!question.required) choices.push(['', 'No answer']);
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-3">
      {choices.map(([value, label], index) => (
        <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="radio"
            className={radioClasses}
            name={field.name}
            value={value}
            checked={field.value === value}
            onChange={() => field.onChange(value)}
            onBlur={field.onBlur}
            ref={index === 0 ? field.ref : undefined}
          />
          {label}
        </label>
      ))}
    </div>
  );
}

function Checkboxes({ question, field }: { question: Question; field: AnswerField }) {
  const chosen = Array.isArray(field.value) ? field.value : [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {question.options.map((option, index) => (
        <label key={option} className="flex cursor-pointer items-center gap-2 text-sm">
          <Checkbox
            name={field.name}
            value={option}
            checked={chosen.includes(option)}
            // kept in the options' order, whatever the order they were ticked in
            onCheckedChange={(checked) =>
              field.onChange(question.options.filter((other) => (other === option ? checked : chosen.includes(other))))
            }
            onBlur={field.onBlur}
            ref={index === 0 ? field.ref : undefined}
          />
          {option}
        </label>
      ))}
    </div>
  );
}
