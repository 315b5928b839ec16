// One person in a dialog listing people (who liked a post, who is in a chat): their avatar and their
// name, linking to their profile (mine to my own, named `meLabel`); following the link closes the dialog.
import { Link } from '@tanstack/react-router';
import { displayName } from '@/lib/text/display-name';
import { Avatar } from './avatar';

export function DialogPersonRow({
  person,
  meId,
  meLabel,
  onClose,
}: {
  person: Parameters<typeof Avatar>[0]['person'] & { id: string };
  meId: string | undefined;
  meLabel: (name: string) => string;
  onClose: () => void;
}) {
  const name = displayName(person);
  return (
    <li className="ui-people-dialog__person">
      <Avatar person={person} display="small" />
      {person.id === meId ? (
        <Link to="/profile" className="ui-people-dialog__name" onClick={onClose}>
          {meLabel(name)}
        </Link>
      ) : (
        <Link
          to="/people/$id"
          params={{ id: person.id }}
          className="ui-people-dialog__name"
          onClick={onClose}
        >
          {name}
        </Link>
      )}
    </li>
  );
}
