import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

interface CodeFieldProps {
  /** Why the latest quote refused the code: shown as the field's error until the code changes. */
  quoteError?: string;
  /** The code as typed, trimmed, on every change. */
  onCodeChange?: (code: string) => void;
}

/**
 * The checkout's discount or access code, in a form whose values have `code`: a "Have a code?"
 * button that reveals the field, shown open when the form starts with a code (a `?code=` link).
 */
export function CodeField({ quoteError, onCodeChange }: CodeFieldProps) {
  const { control, getValues, getFieldState, setError, clearErrors, setFocus } = useFormContext<{ code: string }>();
  const [open, setOpen] = useState(() => getValues('code') !== '');
  const [openedByButton, setOpenedByButton] = useState(false);

  useEffect(() => {
    if (openedByButton) setFocus('code');
  }, [openedByButton, setFocus]);

  useEffect(() => {
    const shown = getFieldState('code').error;
    if (quoteError) {
      if (shown?.message !== quoteError) setError('code', { type: 'quote', message: quoteError });
    } else if (shown?.type === 'quote') {
      clearErrors('code');
    }
  }, [quoteError, getFieldState, setError, clearErrors]);

  if (!open) {
    return (
      <Button
        variant="link"
        className="h-auto px-0 py-0"
        onClick={() => {
          setOpen(true);
          setOpenedByButton(true);
        }}
      >
        Have a code?
      </Button>
    );
  }

  return (
    <FormField
      control={control}
      name="code"
      render={({ field }) => (
        <FormItem className="sm:max-w-xs">
          <FormLabel>Code</FormLabel>
          <FormControl>
            <Input
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              {...field}
              onChange={(event) => {
                field.onChange(event);
                onCodeChange?.(event.target.value.trim());
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
