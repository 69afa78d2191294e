import { Select, type SelectProps } from '@mantine/core';
import { useProfilesStore } from './profiles-store';

type ProfileFilterSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  /** The chosen profile's id, or null for any profile. */
  value: number | null;
  onChange: (profileId: number | null) => void;
};

/** Narrows a list to one profile's records: every profile by name, clearable back to "any". */
export function ProfileFilterSelect({ value, onChange, ...props }: ProfileFilterSelectProps) {
  const profiles = useProfilesStore((state) => state.profiles);
  return (
    <Select
      label="Profile"
      clearable
      size="xs"
      {...props}
      data={profiles.map((profile) => ({ value: String(profile.id), label: profile.name }))}
      value={value === null ? null : String(value)}
      onChange={(picked) => onChange(picked === null ? null : Number(picked))}
    />
  );
}
