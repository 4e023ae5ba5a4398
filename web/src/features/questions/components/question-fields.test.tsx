import { screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { Form } from '@/components/ui/form';
import { useCountries } from '@/lib/api/countries';
import { testCountries } from '@/test/countries';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { answersRequest, answersSchema, draftsOf, type Answers, type Question } from '../api/questions';
import { QuestionFields } from './question-fields';

const base = { options: [], required: false, ticketTypes: ['developer'], help: null };

const questions: Question[] = [
  { ...base, id: 'home', label: 'Country of residence', kind: 'country', required: true },
  { ...base, id: 'phone', label: 'Mobile phone', kind: 'phone', help: 'For the day of the event only.' },
  { ...base, id: 'born', label: 'Date of birth', kind: 'date' },
  { ...base, id: 'topics', label: 'Topics', kind: 'multiple_choice', options: ['AI', 'Web', 'Cloud'], required: true },
  { ...base, id: 'dinner', label: 'Joining the dinner?', kind: 'yes_no' },
  {
    ...base,
    id: 'arrival',
    label: 'Arriving on',
    kind: 'choice',
    options: ['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
  },
];

/** The fields in a form of their own, as the checkout and the tickets page hold them. */
function AnswersForm({ onAnswers }: { onAnswers: (answers: Answers) => void }) {
  const countries = useCountries({ enabled: true });
  const schema = useMemo(() => z.object({ answers: answersSchema(questions, countries.codes) }), [countries.codes]);
  return (
    <Form
      schema={schema}
      options={{ defaultValues: { answers: draftsOf(questions) } }}
      aria-label="Answers"
      onSubmit={(values) => onAnswers(answersRequest(questions, values.answers))}
    >
      {() => (
        <>
          <QuestionFields questions={questions} countries={countries} />
          <button type="submit">Send</button>
        </>
      )}
    </Form>
  );
}

function renderFields() {
  mockFetch(routeRequests({ '/api/countries': () => jsonResponse(testCountries) }));
  const onAnswers = vi.fn();
  const rendered = renderWithProviders(<AnswersForm onAnswers={onAnswers} />);
  return { onAnswers, ...rendered };
}

describe('the question fields', () => {
  it('gives each kind its control, labelled by the question', async () => {
    renderFields();

    const country = screen.getByRole('combobox', { name: 'Country of residence' });
    await waitFor(() => expect(country).toBeEnabled());
    expect(country).toBeRequired();
    expect(within(country).getByRole('option', { name: 'Germany' })).toHaveValue('DE');
    const phone = screen.getByRole('textbox', { name: 'Mobile phone' });
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAccessibleDescription('For the day of the event only.');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
    // a group of checkboxes cannot carry aria-required: its name says it
    const topics = screen.getByRole('group', { name: 'Topics (required)' });
    expect(within(topics).getAllByRole('checkbox')).toHaveLength(3);
    const dinner = screen.getByRole('radiogroup', { name: 'Joining the dinner?' });
    expect(
      within(dinner)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Yes', 'No', 'No answer']);
    // past six options, a single choice is a select
    expect(screen.getByRole('combobox', { name: 'Arriving on' })).toHaveDisplayValue('No answer');
  });

  it('says what is wrong by each field, and sends what was chosen in the form the server takes', async () => {
    const { user, onAnswers } = renderFields();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Country of residence' })).toBeEnabled());

    await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), '+1 305');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('combobox', { name: 'Country of residence' })).toHaveAccessibleDescription(
      'Please answer this question.',
    );
    expect(screen.getByRole('group', { name: 'Topics (required)' })).toHaveAccessibleDescription(
      'Please answer this question.',
    );
    expect(screen.getByRole('textbox', { name: 'Mobile phone' })).toHaveAccessibleDescription(
      'For the day of the event only. Enter a phone number: 6 to 20 digits, spaces and + - ( ).',
    );
    expect(onAnswers).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Country of residence' }), 'Germany');
    await user.type(screen.getByRole('textbox', { name: 'Mobile phone' }), ' 555 0100');
    await user.type(screen.getByLabelText('Date of birth'), '1990-07-14');
    await user.click(screen.getByRole('checkbox', { name: 'Cloud' }));
    await user.click(screen.getByRole('checkbox', { name: 'AI' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Arriving on' }), 'Sun');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() =>
      expect(onAnswers).toHaveBeenCalledWith({
        home: 'DE',
        phone: '+1 305 555 0100',
        born: '1990-07-14',
        topics: ['AI', 'Cloud'],
        dinner: true,
        arrival: 'Sun',
      }),
    );
  });
});
