import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests, sandboxConfig } from '@/test/fixtures';
import { testQuestions } from '@/test/questions';
import { findToast, renderWithProviders } from '@/test/render';
import { MyTicketsPage } from './my-tickets-page';

const asked = ['diet', 'tshirt', 'accessibility', 'company'];

/** A team member's own link: the ticket Ana named them on, its questions not yet answered. */
const holderPage = {
  reference: 'CW-7K3P9QXM',
  ticketName: 'Team Pass',
  buyerName: 'Ana Diaz',
  status: 'paid',
  transferUntil: '2026-05-11',
  canChange: true,
  view: 'holder',
  tickets: [
    {
      id: 't2',
      position: 2,
      code: 'TK-CCCC-CCCC-CCCC-CCCC-CCCC',
      status: 'valid',
      attendeeName: 'Bo Lee',
      attendeeEmail: 'bo@acme.dev',
      checkedInAt: null,
      qr: 'data:image/png;base64,iVBORw0KGgo=',
      questions: asked,
      answers: { tshirt: 'M' },
      questionsOpen: ['diet', 'accessibility', 'company'],
    },
  ],
};

const answered = {
  ...holderPage,
  tickets: [
    {
      ...holderPage.tickets[0],
      answers: { diet: 'Vegan', tshirt: 'M', company: 'Acme' },
      questionsOpen: ['accessibility'],
    },
  ],
};

type Handler = Parameters<typeof routeRequests>[0][string];

function serve(tickets: unknown, answers?: Handler) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse({ ...sandboxConfig, questions: testQuestions }),
      '/api/my-tickets': () => jsonResponse(tickets),
      ...(answers && { '/api/my-tickets/t2/answers': answers }),
    }),
  );
}

/** The bodies sent with PUT to `path`, in order. */
function putTo(fetchSpy: ReturnType<typeof serve>, path: string): unknown[] {
  return fetchSpy.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)));
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path={paths.myTickets} element={<MyTicketsPage />} />
    </Routes>,
    { route: `${paths.myTickets}#h0lder` },
  );
}

describe('answering the questions on a ticket’s link', () => {
  it('says how many are open, and saves the answers with the link’s secret', async () => {
    const fetchSpy = serve(holderPage, () => jsonResponse(answered));
    const { user } = renderPage();

    const form = await screen.findByRole('form', { name: 'Your answers' });
    expect(screen.getByText(/^3 questions are still open\./)).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'M' })).toBeChecked();
    await user.click(within(form).getByRole('radio', { name: 'Vegan' }));
    await user.type(within(form).getByRole('textbox', { name: 'Company' }), 'Acme');
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));

    expect(await findToast('Answers saved')).toBeInTheDocument();
    expect(putTo(fetchSpy, '/api/my-tickets/t2/answers')).toEqual([{ diet: 'Vegan', tshirt: 'M', company: 'Acme' }]);
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(new Headers(put?.[1]?.headers).get('X-Manage-Token')).toBe('h0lder');
    expect(screen.getByText(/^1 question is still open\./)).toBeInTheDocument();
  });

  it('clears an answer by leaving it out, and asks for the required ones first', async () => {
    const fetchSpy = serve(holderPage, () => jsonResponse(answered));
    const { user } = renderPage();

    const form = await screen.findByRole('form', { name: 'Your answers' });
    await user.click(within(form).getByRole('radio', { name: 'No answer' }));
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(within(form).getByRole('radiogroup', { name: 'Dietary needs' })).toHaveAccessibleDescription(
      'We order lunch for five days. Please answer this question.',
    );
    expect(putTo(fetchSpy, '/api/my-tickets/t2/answers')).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'Gluten-free' }));
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await findToast('Answers saved')).toBeInTheDocument();
    expect(putTo(fetchSpy, '/api/my-tickets/t2/answers')).toEqual([{ diet: 'Gluten-free' }]);
  });

  it("shows the server's refusal of an answer by its question, and of the whole change above the button", async () => {
    let calls = 0;
    serve(holderPage, () =>
      ++calls === 1
        ? jsonResponse(
            {
              message: 'Please correct the highlighted fields.',
              fieldErrors: { 'answers.diet': 'Choose one of the options.' },
            },
            422,
          )
        : jsonResponse({ message: 'Answers can no longer be changed: the deadline was May 11, 2026.' }, 409),
    );
    const { user } = renderPage();

    const form = await screen.findByRole('form', { name: 'Your answers' });
    await user.click(within(form).getByRole('radio', { name: 'Vegan' }));
    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await within(form).findByText('Choose one of the options.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save answers' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Answers can no longer be changed: the deadline was May 11, 2026.',
    );
  });

  it('shows the answers as given, without a form, once the tickets can no longer be changed', async () => {
    serve({ ...answered, canChange: false });
    renderPage();

    const questions = await screen.findByRole('heading', { name: 'Questions' });
    const card = questions.closest('li') as HTMLElement;
    expect(within(card).getByText('Dietary needs').nextElementSibling).toHaveTextContent('Vegan');
    expect(within(card).getByText('Accessibility needs').nextElementSibling).toHaveTextContent('Not answered');
    expect(within(card).getByText(/^1 question is still open\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your answers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save answers' })).not.toBeInTheDocument();
  });

  it('asks nothing on a seat given away', async () => {
    const buyerPage = {
      ...holderPage,
      view: 'buyer',
      tickets: [
        { ...answered.tickets[0], id: 't1', position: 1 },
        {
          ...holderPage.tickets[0],
          status: 'transferred',
          code: null,
          qr: null,
          attendeeEmail: null,
          questions: [],
          answers: {},
          questionsOpen: [],
        },
      ],
    };
    serve(buyerPage);
    renderPage();

    expect(await screen.findByRole('form', { name: 'Answers for ticket 1 of 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { name: 'Questions' })).toHaveLength(1);
  });
});
