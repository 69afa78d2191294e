<?php

declare(strict_types=1);

namespace Tamara\Notification\Exception;

class NotificationException extends \Exception
{
}
