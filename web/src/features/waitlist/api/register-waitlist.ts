import { api } from '@/lib/api-client';

export const interestAreas = [
  { value: 'web', label: 'Web Development' },
  { value: 'mobile', label: 'Mobile Development' },
  { value: 'ai', label: 'AI & Machine Learning' },
  { value: 'cloud', label: 'Cloud & DevOps' },
  { value: 'blockchain', label: 'Blockchain' },
  { value: 'security', label: 'Cybersecurity' },
] as const;

export type InterestArea = (typeof interestAreas)[number]['value'];

export interface WaitlistFormValues {
  fullName: string;
  email: string;
  jobTitle: string;
  interestAreas: InterestArea[];
  subscribe: boolean;
}

export interface WaitlistRegistration {
  fullName: string;
  email: string;
  /** Left out when empty. */
  jobTitle?: string;
  interestAreas: InterestArea[];
  subscribe: boolean;
}

export type WaitlistErrors = Partial<Record<keyof WaitlistFormValues, string>>;

export const waitlistDefaults: WaitlistFormValues = {
  fullName: '',
  email: '',
  jobTitle: '',
  interestAreas: [],
  subscribe: true,
};

// The browser's own rule for type="email" (HTML Living Standard), as the server's check accepts.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/**
 * The brief's rules and messages for the waitlist form. Written by hand rather than with the
 * app's form library: the form is on the landing page, whose JavaScript must stay small.
 */
export function validateWaitlist(values: WaitlistFormValues): WaitlistErrors {
  const errors: WaitlistErrors = {};
  if (values.fullName.trim().length < 3) errors.fullName = 'Full name must be at least 3 characters.';
  const email = values.email.trim();
  if (!EMAIL.test(email) || !/\.[a-zA-Z]{2,}$/.test(email)) errors.email = 'Please enter a valid email address.';
  return errors;
}

export function toRegistration(values: WaitlistFormValues): WaitlistRegistration {
  const jobTitle = values.jobTitle.trim();
  return {
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    ...(jobTitle && { jobTitle }),
    interestAreas: values.interestAreas,
    subscribe: values.subscribe,
  };
}

export function registerWaitlist(registration: WaitlistRegistration) {
  return api.post<{ message: string }>('/api/register-waitlist', registration);
}
