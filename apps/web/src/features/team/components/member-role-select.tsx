import { ROLES, ROLE_LABELS, type Role, type TeamMember } from '@vetrina/shared';
import { NativeSelect } from '@/components/ui/select';

/** The owner's compact role control on a member's row; the current role is the selected value. */
export function MemberRoleSelect({ member, disabled, onChange }: { member: TeamMember; disabled: boolean; onChange: (role: Role) => void }) {
  return (
    <NativeSelect
      aria-label={`Ruolo di ${member.email}`}
      className="h-9 w-44"
      value={member.role}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </NativeSelect>
  );
}
