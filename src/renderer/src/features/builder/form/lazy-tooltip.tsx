import { Tooltip, type TooltipProps } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';

/**
 * A tooltip that costs nothing until it is wanted. Mantine's Tooltip sets up its floating
 * position logic on mount; the form has a few hundred of them (every label's ⓘ, every row's
 * buttons), which made building the form for a new document take half a second. This one
 * mounts the real tooltip only while the pointer or the focus is on its target, and is one
 * span until then. With a `className` the span is decoration (aria-hidden): the label it sits
 * in keeps its own name.
 */
export function LazyTooltip({
  children,
  openDelay = 250,
  className,
  ...props
}: Omit<TooltipProps, 'children' | 'opened'> & { children: ReactNode; className?: string }) {
  const [opened, setOpened] = useState(false);
  const timer = useRef(0);
  const show = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpened(true), openDelay);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpened(false);
  };
  const target = (
    <span
      className={className}
      aria-hidden={className === undefined ? undefined : true}
      style={className === undefined ? { display: 'inline-flex' } : undefined}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
    >
      {children}
    </span>
  );
  if (!opened) return target;
  return (
    <Tooltip {...props} opened>
      {target}
    </Tooltip>
  );
}
