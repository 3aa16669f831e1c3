package dev.routing.cli.options;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;

/**
 * A file or folder named on the command line, checked before the command uses it, so that what is
 * wrong is said with the option and the path ({@code --journal week.jsonl: a file, not a folder}),
 * not as the operating system's bare words ({@code No such file or directory}). Exit 2: the input
 * is what needs changing.
 */
public final class PathOptions {
    private PathOptions() {}

    /** A folder a command reads: it must be there, and be a folder. */
    public static void folderToRead(String option, Path dir) {
        if (Files.isRegularFile(dir)) throw new BadInputException(option + " " + dir + ": a file, not a folder");
        if (!Files.isDirectory(dir)) throw new BadInputException(option + " " + dir + ": no such folder");
    }

    /** A folder a command writes in, made if need be: not a file, and in a place that can be written. */
    public static void folderToWrite(String option, Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) throw new BadInputException(option + " " + dir + ": a file, not a folder");
        writable(option, dir, dir);
    }

    /** A file a command reads: it must be there, and be a file. */
    public static void fileToRead(String option, Path file) {
        if (Files.isDirectory(file)) throw new BadInputException(option + " " + file + ": a folder, not a file");
        if (!Files.isRegularFile(file)) throw new BadInputException(option + " " + file + ": no such file");
    }

    /** A file a command writes, its folders made if need be: not a folder, and in a place that can be written. */
    public static void fileToWrite(String option, Path file) {
        if (Files.isDirectory(file)) throw new BadInputException(option + " " + file + ": a folder, not a file");
        Path parent = file.toAbsolutePath().getParent();
        if (Files.exists(file) && !Files.isWritable(file)) throw new BadInputException(option + " " + file + ": cannot be written" + why(file));
        if (parent != null) writable(option, file, parent);
    }

    /** A path whose folder must already be there (a socket's: a missing folder is a mistyped path, not one to make). */
    public static void inExistingFolder(String option, Path path) {
        Path parent = path.toAbsolutePath().getParent();
        if (parent == null) return;
        if (Files.isRegularFile(parent)) throw new BadInputException(option + " " + path + ": " + parent + " is a file, not a folder");
        if (!Files.isDirectory(parent)) throw new BadInputException(option + " " + path + ": no folder " + parent + " to put it in");
        if (!Files.isWritable(parent)) throw new BadInputException(option + " " + path + ": the folder " + parent + " cannot be written" + why(parent));
    }

    /** {@code path} can be made or written under {@code at}: its nearest existing folder is a folder that can be written. */
    private static void writable(String option, Path path, Path at) {
        Path existing = at.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        if (existing == null) return;
        if (!Files.isDirectory(existing)) throw new BadInputException(option + " " + path + ": " + existing + " is a file, not a folder");
        if (!Files.isWritable(existing)) throw new BadInputException(option + " " + path + ": the folder " + existing + " cannot be written" + why(existing));
    }

    /** Why a place cannot be written, when the system says (a read-only file system). */
    private static String why(Path path) {
        try {
            if (Files.getFileStore(path).isReadOnly()) return " (a read-only file system)";
        } catch (IOException unknown) {
            // nothing more to say
        }
        return " (no permission)";
    }

    /**
     * An I/O failure as a sentence naming its path, for the error line: the JDK's messages give the
     * path alone ({@code NoSuchFileException: x}) or the reason alone ({@code No such file or directory}).
     */
    public static String describe(IOException e) {
        if (e instanceof NoSuchFileException f) return f.getFile() + ": no such file or folder" + other(f);
        if (e instanceof NotDirectoryException f) return f.getFile() + ": a file, not a folder";
        if (e instanceof AccessDeniedException f) return f.getFile() + ": not allowed" + other(f);
        if (e instanceof FileAlreadyExistsException f) return f.getFile() + ": already there" + other(f);
        if (e instanceof DirectoryNotEmptyException f) return f.getFile() + ": a folder that is not empty";
        if (e instanceof FileSystemException f) return f.getFile() + other(f) + ": " + (f.getReason() == null ? "cannot be used" : f.getReason());
        return e.getMessage();
    }

    private static String other(FileSystemException f) {
        return f.getOtherFile() == null ? "" : " (with " + f.getOtherFile() + ")";
    }
}
