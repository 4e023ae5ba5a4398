import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, use, useId, type ComponentProps, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  useForm,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { FormBody } from './form-body';
import { Slot } from './slot';

type FormProps<TIn extends FieldValues, TOut> = Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> & {
  schema: z.$ZodType<TOut, TIn>;
  options?: Omit<UseFormProps<TIn, unknown, TOut>, 'resolver' | 'mode' | 'reValidateMode'>;
  onSubmit: (values: TOut, form: UseFormReturn<TIn, unknown, TOut>) => unknown;
  children: (form: UseFormReturn<TIn, unknown, TOut>) => ReactNode;
};

/**
 * One wrapper for every form: zod validation that first runs on submit and
 * afterwards on every change (the brief's rule), and no native bubbles.
 */
export function Form<TIn extends FieldValues, TOut>({
  schema,
  options,
  onSubmit,
  children,
  className,
  ...props
}: FormProps<TIn, TOut>) {
  const form = useForm<TIn, unknown, TOut>({
    ...options,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    resolver: zodResolver(schema),
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(values, form))} {...props}>
        <FormBody className={className}>{children(form)}</FormBody>
      </form>
    </FormProvider>
  );
}

interface FieldContextValue {
  name: string;
}

const FieldContext = createContext<FieldContextValue | null>(null);
interface ItemContextValue {
  id: string;
  hasDescription: boolean;
}

const ItemContext = createContext<ItemContextValue | null>(null);

export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformedValues = TValues>(
  props: ControllerProps<TValues, TName, TTransformedValues>,
) {
  return (
    <FieldContext value={{ name: props.name }}>
      <Controller {...props} />
    </FieldContext>
  );
}

/** Ids and error state of the field around the caller, for labels, controls and messages. */
function useFormField() {
  const field = use(FieldContext);
  const item = use(ItemContext);
  if (!field || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: field.name });
  const { error } = getFieldState(field.name, formState);
  return {
    name: field.name,
    error,
    hasDescription: item.hasDescription,
    controlId: `${item.id}-control`,
    descriptionId: `${item.id}-description`,
    messageId: `${item.id}-message`,
  };
}

/** `hasDescription` links the control to a <FormDescription> inside the item. */
export function FormItem({
  className,
  hasDescription = false,
  ...props
}: ComponentProps<'div'> & { hasDescription?: boolean }) {
  const id = useId();
  return (
    <ItemContext value={{ id, hasDescription }}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </ItemContext>
  );
}

export function FormLabel({ className, ...props }: ComponentProps<typeof Label>) {
  const { controlId } = useFormField();
  return <Label data-slot="form-label" htmlFor={controlId} className={className} {...props} />;
}

export function FormControl(props: ComponentProps<typeof Slot>) {
  const { error, hasDescription, controlId, descriptionId, messageId } = useFormField();
  const describedBy = [props['aria-describedby'], hasDescription && descriptionId, error && messageId]
    .filter(Boolean)
    .join(' ');
  return (
    <Slot
      data-slot="form-control"
      id={controlId}
      {...props}
      aria-describedby={describedBy || undefined}
      aria-invalid={error ? true : undefined}
    />
  );
}

export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { descriptionId } = useFormField();
  return <p id={descriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function FormMessage({ className, ...props }: ComponentProps<'p'>) {
  const { error, messageId } = useFormField();
  if (!error?.message) return null;
  return (
    <p
      id={messageId}
      data-slot="form-message"
      className={cn('text-sm font-medium text-destructive', className)}
      {...props}
    >
      {error.message}
    </p>
  );
}
