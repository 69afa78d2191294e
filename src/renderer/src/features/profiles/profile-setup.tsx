import { Alert, Badge, List, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ProfileView } from '@shared/profile';
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
          <List.Item key={problem.kind}>{problem.message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
