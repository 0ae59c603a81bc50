import { useMutation } from '@tanstack/react-query';
import type { EmailChangeInput } from '@vetrina/shared';
import { api } from '@/lib/api';

export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: EmailChangeInput) => api<{ ok: true }>('/api/auth/email-change', { body }) });

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => api<{ ok: true }>('/api/auth/recover', { body: { email } }) });
