<?php
// A merchant's notification endpoint, as the official client's README shows it, served by
// `php -S`: NotificationService checks the request (POST, the token in Authorization or
// ?tamaraToken=, HS256 with the notification key) and reads the message. The endpoint answers
// 200 with what the client read, or 403 / 400 with the client's exception, as JSON; each
// answer is also appended, one line each, to the file named by NOTIFICATIONS_LOG.

declare(strict_types=1);

require __DIR__ . '/autoload.php';

use Tamara\Notification\NotificationService;

RaisedByPhp::collect();
$body = (string) file_get_contents('php://input');
$decoded = json_decode($body, true);
// The two forms the client reads: a webhook (`event_type`) and the older authorise notification.
$form = is_array($decoded) && array_key_exists('event_type', $decoded) ? 'webhook' : 'authorise';
$out = ['form' => $form, 'body' => $body];
try {
    $service = NotificationService::create((string) getenv('NOTIFICATION_TOKEN'));
    $message = $form === 'webhook' ? $service->processWebhook() : $service->processAuthoriseNotification();
    $out['read'] = readable($message);
    http_response_code(200);
} catch (\Tamara\Notification\Exception\ForbiddenException $refused) {
    $out['thrown'] = 'ForbiddenException: ' . $refused->getMessage();
    http_response_code(403);
} catch (Throwable $thrown) {
    $out['thrown'] = get_class($thrown) . ': ' . $thrown->getMessage() . ' at '
        . basename($thrown->getFile()) . ':' . $thrown->getLine();
    http_response_code(400);
}
$out['raised'] = RaisedByPhp::$raised;
$line = json_encode($out, JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_SLASHES);
file_put_contents((string) getenv('NOTIFICATIONS_LOG'), $line . "\n", FILE_APPEND | LOCK_EX);
header('Content-Type: application/json');
echo $line;
