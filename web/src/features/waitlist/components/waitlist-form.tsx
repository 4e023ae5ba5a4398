import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useToast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import {
  interestAreas,
  useRegisterWaitlist,
  waitlistDefaults,
  waitlistSchema,
  type WaitlistFormValues,
} from '../api/register-waitlist';

const FALLBACK_ERROR = 'Something went wrong. Please try again.';

function isFormField(name: string): name is keyof WaitlistFormValues {
  return name in waitlistDefaults;
}

export function WaitlistForm({ onRegistered }: { onRegistered: () => void }) {
  const { toast } = useToast();
  const registration = useRegisterWaitlist();
  const interestsId = useId();

  return (
    <Form
      schema={waitlistSchema}
      options={{ defaultValues: waitlistDefaults }}
      aria-label="Join the waitlist"
      className="space-y-6"
      onSubmit={async (values, form) => {
        try {
          await registration.mutateAsync(values);
          form.reset();
          onRegistered();
        } catch (error) {
          if (error instanceof ApiError) {
            for (const [name, message] of Object.entries(error.fieldErrors)) {
              if (isFormField(name)) form.setError(name, { type: 'server', message });
            }
          }
          toast({
            title: 'Registration failed',
            description: error instanceof Error && error.message ? error.message : FALLBACK_ERROR,
            variant: 'destructive',
          });
        }
      }}
    >
      {(form) => (
        <>
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="fullName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Full name</FormLabel>
                  <FormControl>
                    <Input autoComplete="name" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" inputMode="email" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>

          <FormField
            control={form.control}
            name="jobTitle"
            render={({ field }) => (
              <FormItem>
                <FormLabel>
                  Job title <span className="font-normal text-muted-foreground">(optional)</span>
                </FormLabel>
                <FormControl>
                  <Input autoComplete="organization-title" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />

          <FormField
            control={form.control}
            name="interestAreas"
            render={({ field }) => (
              <fieldset className="space-y-3">
                <legend className="text-sm font-medium">
                  Areas of interest <span className="font-normal text-muted-foreground">(optional)</span>
                </legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  {interestAreas.map((area) => {
                    const id = `${interestsId}-${area.value}`;
                    return (
                      <div key={area.value} className="flex items-center gap-3">
                        <Checkbox
                          id={id}
                          name={field.name}
                          value={area.value}
                          checked={field.value.includes(area.value)}
                          onBlur={field.onBlur}
                          onCheckedChange={(checked) =>
                            field.onChange(
                              checked === true
                                ? [...field.value, area.value]
                                : field.value.filter((value) => value !== area.value),
                            )
                          }
                        />
                        <Label htmlFor={id} className="cursor-pointer font-normal">
                          {area.label}
                        </Label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            )}
          />

          <FormField
            control={form.control}
            name="subscribe"
            render={({ field }) => (
              <FormItem className="flex items-start gap-3">
                <FormControl>
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onBlur={field.onBlur}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    className="mt-0.5"
                  />
                </FormControl>
                <FormLabel className="cursor-pointer leading-snug font-normal">
                  I&apos;d like to receive updates about the conference, special offers, and related events.
                </FormLabel>
              </FormItem>
            )}
          />

          <Button type="submit" size="lg" className="w-full" disabled={registration.isPending}>
            {registration.isPending ? 'Submitting...' : 'Join Waitlist'}
          </Button>
        </>
      )}
    </Form>
  );
}
