import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormBody } from '@/components/ui/form-body';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import {
  interestAreas,
  registerWaitlist,
  toRegistration,
  validateWaitlist,
  waitlistDefaults,
  type WaitlistErrors,
  type WaitlistFormValues,
} from '../api/register-waitlist';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/** A labelled field whose message is announced with it once there is one. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const messageId = `${id}-message`;
  return (
    <div data-slot="form-item" className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, ...(error && { 'aria-invalid': true, 'aria-describedby': messageId }) })}
      {error && (
        <p id={messageId} data-slot="form-message" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Validates on submit first, then on every change (the brief's rule); keeps the values when sending fails. */
export function WaitlistForm({ onRegistered }: { onRegistered: () => void }) {
  const [values, setValues] = useState<WaitlistFormValues>(waitlistDefaults);
  const [errors, setErrors] = useState<WaitlistErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  function update(next: Partial<WaitlistFormValues>) {
    const merged = { ...values, ...next };
    setValues(merged);
    if (submitted) setErrors(validateWaitlist(merged));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateWaitlist(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setPending(true);
    try {
      await registerWaitlist(toRegistration(values));
      setValues(waitlistDefaults);
      setSubmitted(false);
      setErrors({});
      onRegistered();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toast({
        title: 'Registration failed',
        description: error instanceof Error && error.message ? error.message : FALLBACK_ERROR,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={form} noValidate aria-label="Join the waitlist" onSubmit={(event) => void submit(event)}>
      <FormBody className="space-y-6">
        <div className="grid gap-6 sm:grid-cols-2">
          <Field id={`${id}-name`} label="Full name" error={errors.fullName}>
            {(aria) => (
              <Input
                {...aria}
                name="fullName"
                autoComplete="name"
                value={values.fullName}
                onChange={(event) => update({ fullName: event.target.value })}
              />
            )}
          </Field>
          <Field id={`${id}-email`} label="Email" error={errors.email}>
            {(aria) => (
              <Input
                {...aria}
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                value={values.email}
                onChange={(event) => update({ email: event.target.value })}
              />
            )}
          </Field>
        </div>

        <Field
          id={`${id}-job`}
          label={
            <>
              Job title <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          error={errors.jobTitle}
        >
          {(aria) => (
            <Input
              {...aria}
              name="jobTitle"
              autoComplete="organization-title"
              value={values.jobTitle}
              onChange={(event) => update({ jobTitle: event.target.value })}
            />
          )}
        </Field>

        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">
            Areas of interest <span className="font-normal text-muted-foreground">(optional)</span>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {interestAreas.map((area) => {
              const areaId = `${id}-${area.value}`;
              return (
                <div key={area.value} className="flex items-center gap-3">
                  <Checkbox
                    id={areaId}
                    name="interestAreas"
                    value={area.value}
                    checked={values.interestAreas.includes(area.value)}
                    onCheckedChange={(checked) =>
                      update({
                        interestAreas: checked
                          ? [...values.interestAreas, area.value]
                          : values.interestAreas.filter((value) => value !== area.value),
                      })
                    }
                  />
                  <Label htmlFor={areaId} className="cursor-pointer font-normal">
                    {area.label}
                  </Label>
                </div>
              );
            })}
          </div>
        </fieldset>

        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-subscribe`}
            name="subscribe"
            checked={values.subscribe}
            onCheckedChange={(checked) => update({ subscribe: checked })}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-subscribe`} className="cursor-pointer leading-snug font-normal">
            I&apos;d like to receive updates about the conference, special offers, and related events.
          </Label>
        </div>

        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending ? 'Submitting...' : 'Join Waitlist'}
        </Button>
      </FormBody>
    </form>
  );
}
