import { Alert, Badge, List, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ProfileView } from '@shared/profile';
import { DamagedRecordsAlert } from '@ui/damaged-records-alert';
import { problemsSummary, profileProblems } from '@shared/profile-readiness';

/** In the profile list: "needs setup", with what to set on hover. */
export function SetupBadge({ profile }: { profile: ProfileView }) {
  const problems = profileProblems(profile);
  if (problems.length === 0) return null;
  return (
    <Tooltip label={problems.map((problem) => problem.message).join(' ')} multiline w={300} withArrow>
      <Badge component="span" size="xs" color="orange" variant="light" data-testid="profile-needs-setup">
        needs setup
      </Badge>
    </Tooltip>
  );
}

/**
 * In the profile list: "damaged", with the columns on hover, so a profile whose stored token or
 * port cannot be read is named before it is opened (DamagedAlert names them above its form).
 */
export function DamagedBadge({ profile }: { profile: ProfileView }) {
  if (profile.damaged.length === 0) return null;
  return (
    <Tooltip label={profile.damaged.map((field) => field.message).join(' ')} multiline w={300} withArrow>
      <Badge component="span" size="xs" color="red" variant="light" data-testid="profile-damaged">
        damaged
      </Badge>
    </Tooltip>
  );
}

/** Above a profile's form: what keeps it from working, field by field. */
export function SetupAlert({ profile }: { profile: ProfileView }) {
  const problems = profileProblems(profile);
  if (problems.length === 0) return null;
  return (
    <Alert
      color="orange"
      mb="md"
      icon={<IconAlertTriangle size={18} />}
      title={`${profile.name} cannot send yet. ${problemsSummary(problems)}.`}
      data-testid="profile-setup-alert"
    >
      <List size="sm" spacing={2}>
        {problems.map((problem) => (
          <List.Item key={`${problem.kind}:${problem.field}`}>{problem.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/**
 * Above a profile's form: each column of its stored row that could not be read (an edit by
 * hand, a bad copy), in the words the log and `profiles list` use. The form shows the default in
 * its place, flagged at its field (damaged-form-fields.ts): a save stores it only once set there.
 */
export function DamagedAlert({ profile }: { profile: ProfileView }) {
  return (
    <DamagedRecordsAlert
      sentences={profile.damaged.map((field) => field.message)}
      color="red"
      mb="md"
      title={`${profile.name}'s stored row is damaged in the database`}
      testId="profile-damaged-alert"
    />
  );
}
