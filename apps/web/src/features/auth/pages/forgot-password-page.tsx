import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { MailCheck } from 'lucide-react';
import { recoverSchema, type RecoverInput } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api';
import { AuthCard } from '../components/auth-card';
import { requestPasswordReset } from '../api';

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RecoverInput>({ resolver: zodResolver(recoverSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestPasswordReset(email);
      setSentTo(email);
      toast.success('Email inviata', { description: 'Controlla la tua casella di posta.' });
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, 'Riprova più tardi') });
    }
  });
  return (
    <AuthCard title="Password dimenticata?" description="Ti inviamo un link per sceglierne una nuova.">
      {sentTo ? (
        <div className="space-y-3 text-center" role="status">
          <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
          <p className="text-sm">
            Se esiste un account per <strong>{sentTo}</strong>, riceverai a breve un&apos;email con il link per reimpostare la password. Il link vale 1 ora.
          </p>
          <Link to="/login" className="text-sm text-primary hover:underline">
            Torna all&apos;accesso
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...form.register('email')} />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Invio in corso...' : 'Invia link'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
