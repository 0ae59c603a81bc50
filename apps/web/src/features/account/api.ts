import { useMutation } from '@tanstack/react-query';
import { acceptedResponseSchema, type EmailChangeInput } from '@vetrina/shared';
import { api } from '@/lib/api';

export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (body: EmailChangeInput) => api('/api/auth/email-change', { body, schema: acceptedResponseSchema }) });

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => api('/api/auth/recover', { body: { email }, schema: acceptedResponseSchema }) });
