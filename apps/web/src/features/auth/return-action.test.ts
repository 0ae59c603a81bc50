import { describe, expect, it } from 'vitest';
import { returnAction } from './return-action';

describe('returnAction', () => {
  it('goes back to the invitations when the link was asked for there', () => {
    expect(returnAction('/dashboard/invitations')).toEqual({ to: '/dashboard/invitations', label: 'Torna agli Inviti Ricevuti' });
  });
  it('follows any other same-site path, and defaults to the dashboard', () => {
    expect(returnAction('/dashboard/team')).toEqual({ to: '/dashboard/team', label: 'Continua' });
    expect(returnAction(null)).toEqual({ to: '/dashboard', label: 'Vai alla Dashboard' });
  });
});
