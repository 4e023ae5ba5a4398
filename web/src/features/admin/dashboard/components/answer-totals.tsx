import { useQuestionTotals, type QuestionTotal } from '../api/question-totals';

/**
 * "Attendee answers": each question's answers per option as bars, the numbers written beside them
 * ("Vegetarian 123") so the chart reads the same without seeing the bars; nothing without questions.
 */
export function AnswerTotals() {
  const totals = useQuestionTotals();
  if (totals.isError) {
    return <p className="text-muted-foreground">The totals of attendees’ answers could not be loaded.</p>;
  }
  if (!totals.data || totals.data.length === 0) return null;
  return (
    <section aria-labelledby="answers-heading" className="space-y-3">
      <h2 id="answers-heading" className="text-lg font-semibold">
        Attendee answers
      </h2>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {totals.data.map((total) => (
          <QuestionChart key={total.id} total={total} />
        ))}
      </div>
    </section>
  );
}

function QuestionChart({ total }: { total: QuestionTotal }) {
  const headingId = `answers-${total.id}`;
  // each bar is its option's share of the tickets that answered
  const scale = Math.max(total.answered, ...total.options.map((option) => option.count), 1);
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-border bg-card p-4">
      <div>
        <h3 id={headingId} className="font-semibold">
          {total.label}
        </h3>
        <p className="text-sm text-muted-foreground">
          {total.answered} answered · {total.missing} missing
        </p>
      </div>
      {total.options.length > 0 && (
        <ul aria-labelledby={headingId} className="space-y-2">
          {total.options.map((option) => (
            <li key={option.value} className="space-y-1">
              <p className="flex justify-between gap-3 text-sm">
                <span className="wrap-anywhere">{option.value}</span>{' '}
                <span className="font-semibold tabular-nums">{option.count}</span>
              </p>
              <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
                <div
                  className="h-full rounded-full bg-secondary"
                  style={{ width: `${(option.count / scale) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
