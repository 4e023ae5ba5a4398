import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import { FormBody } from './form-body';

function Page() {
  return (
    <form aria-label="Your details">
      <FormBody className="space-y-6">
        <input aria-label="Full name" />
      </FormBody>
    </form>
  );
}

it('keeps a prerendered form disabled until the app has hydrated it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  const fields = container.querySelector('fieldset')!;
  expect(fields.disabled).toBe(true);
  expect(fields.className).toBe('min-w-0 space-y-6');

  await act(async () => {
    hydrateRoot(container, <Page />);
  });

  expect(fields.disabled).toBe(false);
  expect(container.querySelector('fieldset')).toBe(fields);
});
