<?php

declare(strict_types=1);

namespace Tamara\Exception;

use Exception;

class RequestDispatcherException extends Exception
{
}
