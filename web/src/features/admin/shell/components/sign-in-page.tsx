import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api-client';
import { useSignIn } from '../api/session';

const signInSchema = z.object({
  email: z.pipe(z.string().check(z.trim()), z.email('Please enter your email address.')),
  password: z.string().check(z.minLength(1, 'Please enter your password.')),
});

/** `notice` says why the form is back: signed out, or a session that ended. */
export function SignInPage({ notice }: { notice?: string }) {
  useDocumentTitle('Sign in | Back office');
  const signIn = useSignIn();

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="font-display text-2xl font-bold">Back office sign-in</h1>
          <p className="text-sm text-muted-foreground">
            For the organizers' crew. The first time, the owner signs in with their email and the back office password.
          </p>
        </CardHeader>
        <CardContent className="space-y-5">
          {notice && (
            <p role="status" className="rounded-md bg-muted p-3 text-sm">
              {notice}
            </p>
          )}
          <Form
            schema={signInSchema}
            options={{ defaultValues: { email: '', password: '' } }}
            aria-label="Sign in"
            className="space-y-5"
            onSubmit={async (values, form) => {
              try {
                await signIn.mutateAsync(values);
              } catch (error) {
                const message = error instanceof ApiError ? error.message : 'Signing in failed. Please try again.';
                form.setError('password', { type: 'server', message });
              }
            }}
          >
            {(form) => (
              <>
                <FormField
                  control={form.control}
                  name="email"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Email</FormLabel>
                      <FormControl>
                        <Input type="email" autoComplete="username" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="password"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Password</FormLabel>
                      <FormControl>
                        <Input type="password" autoComplete="current-password" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <Button type="submit" className="w-full" disabled={signIn.isPending}>
                  {signIn.isPending ? 'Signing in…' : 'Sign in'}
                </Button>
              </>
            )}
          </Form>
        </CardContent>
      </Card>
    </main>
  );
}
