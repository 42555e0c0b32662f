import { useState } from 'react';
import type { User } from '@planns/shared/users/users.schemas';
import { CompanionsList } from '../../../features/companions/companions-list.tsx';
import { ProfileEditForm } from '../../../features/users/profile-edit-form.tsx';
import { ProfileView } from '../../../features/users/profile-view.tsx';

/** Profile: view <-> editing; saving returns to view (accounts §4). Then the companions. */
export function ProfileSection({ user }: { user: User }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <div className="profile-section">
      {isEditing ? (
        <ProfileEditForm user={user} onDone={() => setIsEditing(false)} />
      ) : (
        <ProfileView user={user} onEdit={() => setIsEditing(true)} />
      )}
      <CompanionsList />
    </div>
  );
}
