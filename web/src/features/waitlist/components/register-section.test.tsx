import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockFetch, textResponse } from '@/test/fetch-mock';
import { findToast, renderWithProviders } from '@/test/render';
import { RegisterSection } from './register-section';

const NAME_ERROR = 'Full name must be at least 3 characters.';
const EMAIL_ERROR = 'Please enter a valid email address.';

function renderSection() {
  return renderWithProviders(
    <RegisterSection dateLabel="May 18-22, 2026" shareAction={<button type="button">Spread the Word</button>} />,
  );
}

const fullName = () => screen.getByRole('textbox', { name: 'Full name' });
const email = () => screen.getByRole('textbox', { name: 'Email' });
const jobTitle = () => screen.getByRole('textbox', { name: /Job title/ });
const submit = () => screen.getByRole('button', { name: /Join Waitlist|Submitting/ });

describe('waitlist form', () => {
  it('shows no messages before the first submit, then both after submitting invalid input', async () => {
    const fetchSpy = mockFetch(() => jsonResponse({ message: "You're on the waitlist!" }));
    const { user } = renderSection();

    await user.type(fullName(), 'Al');
    await user.type(email(), 'not-an-email');
    await user.tab();
    expect(screen.queryByText(NAME_ERROR)).not.toBeInTheDocument();
    expect(screen.queryByText(EMAIL_ERROR)).not.toBeInTheDocument();

    await user.click(submit());

    expect(await screen.findByText(NAME_ERROR)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_ERROR)).toBeInTheDocument();
    expect(fullName()).toHaveAttribute('aria-invalid', 'true');
    expect(fullName()).toHaveAccessibleDescription(NAME_ERROR);
    expect(email()).toHaveAccessibleDescription(EMAIL_ERROR);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('counts the full name without surrounding spaces', async () => {
    mockFetch(() => jsonResponse({ message: "You're on the waitlist!" }));
    const { user } = renderSection();

    await user.type(fullName(), '  Al  ');
    await user.type(email(), 'al@example.com');
    await user.click(submit());

    expect(await screen.findByText(NAME_ERROR)).toBeInTheDocument();
  });

  it('clears a message as soon as its field is fixed', async () => {
    mockFetch(() => jsonResponse({ message: "You're on the waitlist!" }));
    const { user } = renderSection();

    await user.click(submit());
    expect(await screen.findByText(NAME_ERROR)).toBeInTheDocument();
    expect(screen.getByText(EMAIL_ERROR)).toBeInTheDocument();

    await user.type(fullName(), 'Ada Lovelace');

    await waitFor(() => expect(screen.queryByText(NAME_ERROR)).not.toBeInTheDocument());
    expect(fullName()).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText(EMAIL_ERROR)).toBeInTheDocument();
  });

  it('posts the registration, resets the form and opens the success dialog', async () => {
    const response = deferred<Response>();
    const fetchSpy = mockFetch(() => response.promise);
    const { user } = renderSection();

    await user.type(fullName(), '  Ada Lovelace ');
    await user.type(email(), 'ada@example.com');
    await user.type(jobTitle(), 'Engineer');
    await user.click(screen.getByRole('checkbox', { name: 'AI & Machine Learning' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cybersecurity' }));
    const subscribe = screen.getByRole('checkbox', { name: /receive updates about the conference/ });
    expect(subscribe).toBeChecked();
    await user.click(subscribe);
    await user.click(submit());

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0];
    expect(url).toBe('/api/register-waitlist');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      jobTitle: 'Engineer',
      interestAreas: ['ai', 'security'],
      subscribe: false,
    });

    response.resolve(jsonResponse({ message: "You're on the waitlist!" }));

    const dialog = await screen.findByRole('dialog', { name: "You're on the Waitlist!" });
    expect(within(dialog).getByText(/free tickets and a complimentary hotel stay/)).toBeInTheDocument();
    expect(within(dialog).getByText('Check your email for a confirmation message.')).toBeInTheDocument();
    expect(within(dialog).getByText('Mark May 18-22, 2026 on your calendar.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Spread the Word' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(fullName()).toHaveValue('');
    expect(email()).toHaveValue('');
    expect(jobTitle()).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'AI & Machine Learning' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /receive updates about the conference/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  });

  it('leaves an empty job title out of the request', async () => {
    const fetchSpy = mockFetch(() => jsonResponse({ message: "You're on the waitlist!" }));
    const { user } = renderSection();

    await user.type(fullName(), 'Ada Lovelace');
    await user.type(email(), 'ada@example.com');
    await user.click(submit());

    await screen.findByRole('dialog', { name: "You're on the Waitlist!" });
    expect(JSON.parse(String(fetchSpy.mock.calls[0][1]?.body))).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      interestAreas: [],
      subscribe: true,
    });
  });

  it('shows the server field errors and a failure toast on 422, keeping the values', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          message: 'Please correct the highlighted fields.',
          fieldErrors: { email: 'This address cannot receive email.' },
        },
        422,
      ),
    );
    const { user } = renderSection();

    await user.type(fullName(), 'Ada Lovelace');
    await user.type(email(), 'ada@example.com');
    await user.click(submit());

    const toast = await findToast('Registration failed');
    expect(toast).toHaveTextContent('Please correct the highlighted fields.');
    expect(screen.getByText('This address cannot receive email.')).toBeInTheDocument();
    expect(email()).toHaveAccessibleDescription('This address cannot receive email.');
    expect(fullName()).toHaveValue('Ada Lovelace');
    expect(email()).toHaveValue('ada@example.com');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the status and text of a non-JSON failure, keeping the values', async () => {
    mockFetch(() => textResponse('database unavailable', 500));
    const { user } = renderSection();

    await user.type(fullName(), 'Ada Lovelace');
    await user.type(email(), 'ada@example.com');
    await user.click(submit());

    const toast = await findToast('Registration failed');
    expect(toast).toHaveTextContent('500: database unavailable');
    expect(fullName()).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
  });

  it('falls back to a generic message when the failure has none', async () => {
    mockFetch(() => Promise.reject(new Error('')));
    const { user } = renderSection();

    await user.type(fullName(), 'Ada Lovelace');
    await user.type(email(), 'ada@example.com');
    await user.click(submit());

    const toast = await findToast('Registration failed');
    expect(toast).toHaveTextContent('Something went wrong. Please try again.');
  });
});
