import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

export const interestAreas = [
  { value: 'web', label: 'Web Development' },
  { value: 'mobile', label: 'Mobile Development' },
  { value: 'ai', label: 'AI & Machine Learning' },
  { value: 'cloud', label: 'Cloud & DevOps' },
  { value: 'blockchain', label: 'Blockchain' },
  { value: 'security', label: 'Cybersecurity' },
] as const;

type InterestArea = (typeof interestAreas)[number]['value'];
const interestAreaValues = interestAreas.map((area) => area.value) as [InterestArea, ...InterestArea[]];

const trimmed = () => z.string().check(z.trim());

export const waitlistSchema = z.object({
  fullName: trimmed().check(z.minLength(3, 'Full name must be at least 3 characters.')),
  email: z.pipe(trimmed(), z.email('Please enter a valid email address.')),
  // optional: an empty field is left out of the request
  jobTitle: z.pipe(
    trimmed(),
    z.transform((value) => value || undefined),
  ),
  interestAreas: z.array(z.enum(interestAreaValues)),
  subscribe: z.boolean(),
});

export type WaitlistFormValues = z.input<typeof waitlistSchema>;
export type WaitlistRegistration = z.output<typeof waitlistSchema>;

export const waitlistDefaults: WaitlistFormValues = {
  fullName: '',
  email: '',
  jobTitle: '',
  interestAreas: [],
  subscribe: true,
};

export function registerWaitlist(registration: WaitlistRegistration) {
  return api.post<{ message: string }>('/api/register-waitlist', registration);
}

export function useRegisterWaitlist() {
  return useMutation({ mutationFn: registerWaitlist });
}
