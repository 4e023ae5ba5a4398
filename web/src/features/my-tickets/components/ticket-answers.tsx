import { useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useConfig } from '@/features/config/api/get-config';
import {
  answersRequest,
  answersSchema,
  answerText,
  draftsOf,
  isAnswerField,
  questionsById,
  questionsOf,
  type Question,
} from '@/features/questions/api/questions';
import { QuestionFields } from '@/features/questions/components/question-fields';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useCountries, type CountriesQuery } from '@/lib/api/countries';
import { useSaveAnswers, type MyTicket } from '../api/my-tickets';

const stillOpen = (count: number) => (count === 1 ? '1 question is still open.' : `${count} questions are still open.`);

/**
 * A ticket's questions and their answers: a form while the ticket can still be changed here
 * (`editable`), the answers as given afterwards. `label` names the form, such as "Your answers".
 */
export function TicketAnswers({
  ticket,
  token,
  editable,
  label,
}: {
  ticket: MyTicket;
  token: string;
  editable: boolean;
  label: string;
}) {
  const config = useConfig();
  const questions = useMemo(
    () => (config.data ? questionsById(questionsOf(config.data), ticket.questions) : []),
    [config.data, ticket.questions],
  );
  const countries = useCountries({ enabled: questions.some((question) => question.kind === 'country') });
  const open = ticket.questionsOpen.length;

  return (
    <div className="space-y-3 border-t border-border pt-4">
      <h3 className="font-semibold">Questions</h3>
      {open > 0 && (
        <p className="rounded-md bg-warning p-3 text-sm text-warning-foreground">
          {stillOpen(open)} {editable && (open === 1 ? 'Please answer it below.' : 'Please answer them below.')}
        </p>
      )}
      {!config.data ? (
        <p className="text-sm text-muted-foreground">
          {config.isError ? 'The questions could not be loaded. Please reload the page.' : 'Loading the questions…'}
        </p>
      ) : editable ? (
        <AnswersForm ticket={ticket} token={token} questions={questions} countries={countries} label={label} />
      ) : (
        <AnswerList ticket={ticket} questions={questions} countries={countries} />
      )}
    </div>
  );
}

function AnswersForm({
  ticket,
  token,
  questions,
  countries,
  label,
}: {
  ticket: MyTicket;
  token: string;
  questions: Question[];
  countries: CountriesQuery;
  label: string;
}) {
  const save = useSaveAnswers(token);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(
    () => z.object({ answers: answersSchema(questions, countries.codes) }),
    [questions, countries.codes],
  );
  return (
    <Form
      schema={schema}
      options={{ defaultValues: { answers: draftsOf(questions, ticket.answers) } }}
      aria-label={label}
      className="grid gap-4"
      onSubmit={async (values, form) => {
        setFailure(null);
        try {
          await save.mutateAsync({ ticketId: ticket.id, answers: answersRequest(questions, values.answers) });
          toast({
            title: 'Answers saved',
            description: 'You can change them here until the tickets can no longer be.',
          });
        } catch (error) {
          let shown = false;
          for (const [name, message] of Object.entries(error instanceof ApiError ? error.fieldErrors : {})) {
            if (!isAnswerField(name, questions)) continue;
            form.setError(name, { type: 'server', message });
            shown = true;
          }
          // a refusal of the whole change, such as the deadline having passed (409)
          if (!shown) {
            setFailure(error instanceof Error ? error.message : 'The answers could not be saved. Please try again.');
          }
        }
      }}
    >
      {() => (
        <>
          <QuestionFields questions={questions} countries={countries} />
          {failure && (
            <p role="alert" className="font-medium text-destructive">
              {failure}
            </p>
          )}
          <Button type="submit" variant="outline" className="justify-self-start" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save answers'}
          </Button>
        </>
      )}
    </Form>
  );
}

function AnswerList({
  ticket,
  questions,
  countries,
}: {
  ticket: MyTicket;
  questions: Question[];
  countries: CountriesQuery;
}) {
  const countryName = (code: string) => countries.data?.find((country) => country.code === code)?.name;
  return (
    <dl className="grid gap-3 text-sm">
      {questions.map((question) => {
        const answer = ticket.answers[question.id];
        return (
          <div key={question.id}>
            <dt className="text-muted-foreground">{question.label}</dt>
            <dd className={answer === undefined ? 'text-muted-foreground' : 'wrap-anywhere whitespace-pre-line'}>
              {answer === undefined ? 'Not answered' : answerText(question, answer, countryName)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
