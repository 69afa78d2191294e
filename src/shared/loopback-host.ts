/**
 * Whether a host name or address is this machine's own (loopback): 127.0.0.0/8, ::1, localhost
 * and its subdomains (browsers resolve *.localhost to loopback). The one test the console uses,
 * for which Host headers browser mode accepts and for the calmer words of the open-in-browser
 * confirmation; a URL's hostname is given parsed, never matched as a substring of the URL.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    name === '[::1]' ||
    /^127(?:\.\d{1,3}){3}$/.test(name)
  );
}
