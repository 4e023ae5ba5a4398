import { Checkbox } from '@/components/ui/checkbox';
import type { Interest } from '../api/waitlist';
import { FieldError } from '@/features/admin/shared/components/field';

/** The interest areas a presale or draw is limited to; none ticked: every confirmed, subscribed registration. */
export function InterestAreasField({
  id,
  interests,
  chosen,
  onChange,
  error,
}: {
  id: string;
  interests: Interest[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="mb-1 text-sm font-medium">Interest areas</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Optional. None ticked: everyone who confirmed and wants updates; otherwise those of them interested in the areas
        ticked.
      </p>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {interests.map((interest) => (
          <label key={interest.value} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={chosen.includes(interest.value)}
              onCheckedChange={(checked) =>
                onChange(checked ? [...chosen, interest.value] : chosen.filter((value) => value !== interest.value))
              }
            />
            {interest.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
