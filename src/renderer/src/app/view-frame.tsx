import { Alert, Button, Center, Loader } from '@mantine/core';
import { Component, Suspense, useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '@bridge/bridge-error';
import type { LazyView } from './lazy-view';

/** Shown only when a view's code takes longer than a glance to arrive: a quick load shows nothing. */
const LOADER_DELAY_MS = 200;

function LateLoader() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!late) return null;
  return (
    <Center mih={200}>
      <Loader aria-label="Opening the view" />
    </Center>
  );
}

interface FailureProps {
  retry: () => void;
  children: ReactNode;
}

/**
 * A view's code that could not be fetched (the server was away when the view was first opened)
 * says so and offers to try again, instead of taking the whole window down with it.
 */
class ViewLoadFailure extends Component<FailureProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  constructor(props: FailureProps) {
    super(props);
    // Mounted for each opening of a view (keyed by it): a fetch that failed before is made again.
    props.retry();
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <Alert color="red" title="This view could not be opened">
        {errorMessage(this.state.error)}
        <Button
          display="block"
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => {
            this.props.retry();
            this.setState({ error: null });
          }}
        >
          Try again
        </Button>
      </Alert>
    );
  }
}

/** Where the open view is mounted: its code may still be on its way (lazy-view.tsx). */
export function ViewFrame({ id, view }: { id: string; view: LazyView }) {
  const View = view.component;
  // Keyed by view: a failure seen on one view is forgotten when another is opened.
  return (
    <ViewLoadFailure key={id} retry={view.retry}>
      <Suspense fallback={<LateLoader />}>
        <View />
      </Suspense>
    </ViewLoadFailure>
  );
}
