import { z } from 'zod';
import { currentPasswordField, EMAIL_MAX } from './auth.js';
import { ROLES, type Role } from './constants.js';

// Italian texts of the team area. Spec texts (§5, §8) are quoted word for word.
export const teamMsg = {
  inviteEmailInvalid: "Inserisci un'email valida",
  inviteEmailToast: 'Email non valida',
  inviteRoleInvalid: 'Il ruolo deve essere admin o staff',
  invited: 'Invito inviato!',
  inviteFailed: "Impossibile inviare l'invito",
  duplicateTitle: 'Invito esistente',
  duplicate: 'Questa email ha già un invito in sospeso',
  alreadyMember: 'Questa persona fa già parte del team dello store',
  tooManyInvites: 'Hai inviato troppi inviti. Riprova tra qualche minuto.',
  memberRemoved: 'Membro rimosso',
  removeFailed: 'Impossibile rimuovere il membro',
  removeConfirm: 'Sei sicuro di voler rimuovere questo membro?',
  memberNotFound: 'Membro non trovato',
  cannotRemoveSelf: 'Non puoi rimuovere te stesso dal team',
  cannotRemoveAdmin: 'Non puoi rimuovere un amministratore',
  invitationCancelled: 'Invito annullato',
  cancelFailed: "Impossibile annullare l'invito",
  invitationNotFound: 'Invito non trovato',
  tokenInvalid: 'Token non valido',
  notFoundOrExpired: 'Invito non trovato o scaduto',
  acceptError: "Errore nell'accettare l'invito",
  accepted: 'Invito accettato!',
  acceptFailed: "Impossibile accettare l'invito",
  declined: 'Invito rifiutato',
  declineFailed: "Impossibile rifiutare l'invito",
  loadFailed: 'Impossibile caricare gli inviti',
  alreadyAccepted: 'Questo invito è già stato accettato',
  alreadyDeclined: 'Questo invito è stato rifiutato e non può più essere accettato',
  wrongEmail: "Questo invito è stato inviato a un altro indirizzo email: accedi con l'account che lo ha ricevuto",
  alreadyMemberSelf: 'Fai già parte del team di questo store',
  noActiveStore: 'Nessuno store attivo',
  ownerLabel: 'Proprietario',
  cannotRemoveOwner: 'Il proprietario non può essere rimosso dal team',
  onlyOwnerRemovesAdmins: 'Solo il proprietario dello store può rimuovere un amministratore',
  cannotChangeOwnRole: 'Il proprietario resta amministratore: per cambiare ruolo trasferisci prima la proprietà',
  roleUnchanged: 'Questo membro ha già questo ruolo',
  roleChanged: 'Ruolo aggiornato',
  roleChangeFailed: 'Impossibile cambiare il ruolo',
  transferTargetNotAdmin: 'La proprietà si può trasferire solo a un amministratore dello store',
  transferToSelf: 'Sei già il proprietario di questo store',
  transferConflict: 'La proprietà dello store è cambiata nel frattempo: ricarica la pagina',
  transferred: 'Proprietà trasferita',
  transferFailed: 'Impossibile trasferire la proprietà',
  tooManyInvitesAccount: 'Hai inviato troppi inviti nell’ultima ora. Riprova più tardi.',
  tooManyInvitesAddress: 'Questo indirizzo ha ricevuto troppi inviti nell’ultima ora. Riprova più tardi.',
} as const;

export const ROLE_LABELS: Record<Role, string> = { admin: 'Amministratore', staff: 'Staff' };

/** The invited address: trimmed and lower-cased like every e-mail we store. */
export const inviteEmailField = z
  .string({ error: teamMsg.inviteEmailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, teamMsg.inviteEmailInvalid)
  .email(teamMsg.inviteEmailInvalid);

export const inviteMemberSchema = z.strictObject({
  email: inviteEmailField,
  role: z.enum(ROLES, { error: teamMsg.inviteRoleInvalid }).default('staff'),
});
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const acceptInvitationSchema = z.strictObject({
  token: z.string({ error: teamMsg.tokenInvalid }).trim().min(1, teamMsg.tokenInvalid).max(200, teamMsg.tokenInvalid),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** Requests that carry no body may send nothing or an empty object, never other fields. */
export const teamEmptyBody = z.strictObject({}).nullish();

const idParam = z.string().min(1).max(100);
export const teamMemberParams = z.object({ storeId: idParam, memberId: idParam });
export const teamInvitationParams = z.object({ storeId: idParam, invitationId: idParam });
export const teamStoreParams = z.object({ storeId: idParam });

/** Owner only: an admin becomes staff or the other way round. */
export const changeMemberRoleSchema = z.strictObject({
  role: z.enum(ROLES, { error: teamMsg.inviteRoleInvalid }),
});
export type ChangeMemberRoleInput = z.infer<typeof changeMemberRoleSchema>;

/** Owner only: hands the store to another admin, confirmed with the owner's password. */
export const transferOwnershipSchema = z.strictObject({
  memberId: z.string({ error: teamMsg.memberNotFound }).min(1, teamMsg.memberNotFound).max(100, teamMsg.memberNotFound),
  password: currentPasswordField,
});
export type TransferOwnershipInput = z.infer<typeof transferOwnershipSchema>;
export const receivedInvitationParams = z.object({ invitationId: idParam });

const role = z.enum(ROLES);

export const teamMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  role,
  /** The store's owner ('Proprietario'): always an admin. */
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A pending invitation as the store's team sees it. */
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role,
  invitedByEmail: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** A pending invitation as the invited person sees it ('Inviti Ricevuti'). */
export const receivedInvitationSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  storeLogoUrl: z.string().nullable(),
  role,
  invitedByEmail: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;

export const acceptedInvitationSchema = z.object({ storeId: z.string(), storeName: z.string(), role });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

export const teamMembersResponseSchema = z.object({ members: z.array(teamMemberSchema) });
export const teamMemberResponseSchema = z.object({ member: teamMemberSchema });
export const teamInvitationsResponseSchema = z.object({ invitations: z.array(teamInvitationSchema) });
export const teamInvitationResponseSchema = z.object({ invitation: teamInvitationSchema });
export const receivedInvitationsResponseSchema = z.object({ invitations: z.array(receivedInvitationSchema) });
