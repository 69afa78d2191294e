<?php
// The official client (vendor/tamara-solution-php-sdk, unchanged) and firebase/php-jwt
// (vendor/firebase-php-jwt, unchanged) by their PSR-4 prefixes; their other dependencies are
// Debian's packages (php-guzzlehttp-guzzle, php-symfony-http-foundation, php-psr-log,
// php-psr-http-client), each with its own autoloader under /usr/share/php. Composer would do the
// same from Packagist, which this project's machines cannot reach.

declare(strict_types=1);

foreach ([
    'GuzzleHttp/autoload.php',
    'Symfony/Component/HttpFoundation/autoload.php',
    'Psr/Log/autoload.php',
    'Psr/Http/Client/autoload.php',
] as $debianAutoloader) {
    require_once stream_resolve_include_path($debianAutoloader) ?: ('/usr/share/php/' . $debianAutoloader);
}

spl_autoload_register(static function (string $class): void {
    foreach ([
        'Tamara\\' => __DIR__ . '/vendor/tamara-solution-php-sdk/src/Tamara/',
        'Firebase\\JWT\\' => __DIR__ . '/vendor/firebase-php-jwt/src/',
    ] as $prefix => $dir) {
        if (strncmp($class, $prefix, strlen($prefix)) === 0) {
            $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
            if (is_file($file)) {
                require_once $file;
            }
            return;
        }
    }
});

/**
 * Every warning, notice or deprecation PHP raises while the client works, so a test can say
 * which: a field the client reads that an answer lacks is a warning ("Undefined array key").
 */
final class RaisedByPhp
{
    /** @var list<array{level: string, message: string, where: string}> */
    public static array $raised = [];

    public static function collect(): void
    {
        set_error_handler(static function (int $level, string $message, string $file, int $line): bool {
            $names = [
                E_WARNING => 'warning', E_NOTICE => 'notice', E_DEPRECATED => 'deprecated',
                E_USER_WARNING => 'warning', E_USER_NOTICE => 'notice', E_USER_DEPRECATED => 'deprecated',
            ];
            self::$raised[] = [
                'level' => $names[$level] ?? ('level ' . $level),
                'message' => $message,
                'where' => basename($file) . ':' . $line,
            ];
            return true;
        });
    }
}

/**
 * What a merchant's code can read from an object the client hands back: every public getter
 * without parameters (get…, is…), called as the merchant would call it, recursively. A getter
 * whose declared type the answer did not fill throws a TypeError, as it would in the merchant's
 * code.
 */
function readable($value, int $depth = 0)
{
    if ($depth > 8) {
        return '…';
    }
    if ($value instanceof DateTimeInterface) {
        return $value->format(DATE_ATOM);
    }
    // The client's collections are not Traversable; a merchant iterates their getIterator().
    if (is_object($value) && !($value instanceof Traversable) && method_exists($value, 'getIterator')) {
        $value = $value->getIterator();
    }
    if (is_array($value) || $value instanceof Traversable) {
        $out = [];
        foreach ($value as $key => $item) {
            $out[$key] = readable($item, $depth + 1);
        }
        return $out;
    }
    if (!is_object($value)) {
        return $value;
    }
    $out = [];
    foreach ((new ReflectionObject($value))->getMethods(ReflectionMethod::IS_PUBLIC) as $method) {
        $name = $method->getName();
        if ($method->isStatic() || $method->getNumberOfRequiredParameters() > 0) {
            continue;
        }
        if (!preg_match('/^(get|is)[A-Z]/', $name) || in_array($name, ['getContent', 'getIterator'], true)) {
            continue;
        }
        $out[lcfirst(preg_replace('/^(get|is)/', '', $name))] = readable($value->$name(), $depth + 1);
    }
    return $out;
}
